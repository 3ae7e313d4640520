/**
 * The Kafka Connect converter (SPEC.md section 11): {@link io.typedjson.connect.TypedJsonConverter}, a
 * {@code Converter} and {@code HeaderConverter} configured by {@link io.typedjson.connect.TypedJsonConverterConfig}.
 * Every failure leaves as Connect's {@code DataException}. The other classes of this package are package-private.
 */
package io.typedjson.connect;
