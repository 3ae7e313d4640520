/**
 * Codecs compiled once per Java type (SPEC.md section 10): {@link io.typedjson.codec.Codecs#of(java.lang.reflect.Type)}
 * for records, classes, enums, sealed types, collections, maps and arrays; {@link io.typedjson.codec.TypeRef} for
 * generic types; {@link io.typedjson.codec.CodecOptions} for how readers treat unknown and missing keys; and
 * {@link io.typedjson.codec.TypedJsonCompatibility}, the schema evolution check of two versions of a class.
 * The codec classes themselves are package-private: the API is the {@link io.typedjson.format.Codec} they return.
 */
package io.typedjson.codec;
