/**
 * Every codec the benchmark compares behind one interface (typedjson's serde and converter, JsonConverter, Jackson,
 * fastjson2, dsl-json, protobuf, Avro), with the mappings to and from the data sets' Java records and the exactness check.
 */
package io.typedjson.bench.codec;
