/**
 * The Kafka Connect converter (SPEC.md section 11), the one package module {@code io.typedjson.connect} exports:
 * {@link io.typedjson.connect.TypedJsonConverter}, a {@code Converter} and {@code HeaderConverter} configured by
 * {@link io.typedjson.connect.TypedJsonConverterConfig}, and {@link io.typedjson.connect.ConnectJsonSchemas}, the
 * JSON Schema of the documents it writes. Every failure leaves as Connect's {@code DataException}. The other classes
 * of this package (value codecs, schema notation, caches, bounds) are package-private.
 */
package io.typedjson.connect;
