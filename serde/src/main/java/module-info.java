/**
 * typedjson's format, codecs and Kafka serde.
 *
 * <p>The API: {@link io.typedjson.serde} (the Kafka {@code Serializer}, {@code Deserializer}, {@code Serde}, their
 * configuration and the console formatter), {@link io.typedjson.codec} (codecs compiled per Java type, type
 * references, the schema evolution check), {@link io.typedjson.annotation} ({@code @TypedJsonName}) and
 * {@link io.typedjson.format} (the {@code Codec} extension point, {@code TypedJsonFormat}, {@code TypedJsonException})
 * and {@link io.typedjson.jsonschema} (JSON Schema of a class's documents).
 * A {@code Codec} reads and writes through typedjson's own {@code JsonReader} and {@code JsonWriter}; jackson-core
 * is used inside only for its number routines (shortest double and float digits, fast double parsing), and is
 * not part of the API.
 *
 * <p>Classes carried by the class codecs that live in named modules either have codecs written at compile time
 * ({@code @TypedJson} and {@code typedjson-processor}, declared with {@code provides io.typedjson.codec.CompiledCodecs}),
 * or open their packages to this module, or hand it a lookup ({@code Codecs.allowAccess}): the codecs made at run time
 * reach constructors, accessors and fields through method handles.
 */
module io.typedjson.serde {
    requires com.fasterxml.jackson.core;
    // every Kafka application has kafka-clients (a "provided" dependency); it has no module name of its own
    // (KAFKA-7490): this is the name Java derives from kafka-clients-<version>.jar, the one modular Kafka libraries
    // require. maven-compiler warns about such a requirement in a published module; no other name exists to use.
    requires transitive kafka.clients;
    // the bytecode writer of the codecs generated at run time: relocated into this jar (io.typedjson.internal.asm) when
    // it is packaged, so the jar needs no such module; the tests run against the unrelocated one
    requires static org.objectweb.asm;

    // the codecs typedjson-processor generates at compile time, one registry per package
    uses io.typedjson.codec.CompiledCodecs;
    // Kafka's logging API (kafka-clients needs it too): warnings of the schema topic's reader
    requires org.slf4j;

    exports io.typedjson.annotation;
    exports io.typedjson.codec;
    exports io.typedjson.format;
    exports io.typedjson.jsonschema;
    exports io.typedjson.serde;

    // the format's rules (the scalar table, the container codecs, lexemes, tags, limits): not API, shared only with
    // the Connect converter (module io.typedjson.connect)
    exports io.typedjson.format.internal to io.typedjson.connect;
    // the reader of the schema topic of schema references: shared by the console formatter and the Connect converter
    exports io.typedjson.serde.internal to io.typedjson.connect;
    exports io.typedjson.format.internal.scalar to io.typedjson.connect;
}
