/**
 * typedjson's Kafka Connect converter.
 *
 * <p>The API is {@link io.typedjson.connect}: {@link io.typedjson.connect.TypedJsonConverter} (a {@code Converter} and
 * {@code HeaderConverter}), its configuration {@link io.typedjson.connect.TypedJsonConverterConfig} and
 * {@link io.typedjson.connect.ConnectJsonSchemas} (JSON Schema of the documents it writes). Everything else in the
 * package is package-private. The format's rules come from {@code io.typedjson.serde}, which shares its internal
 * package with this module only.
 *
 * <p>A Connect worker loads the converter from a directory on {@code plugin.path} with its own class loader, on the
 * class path, through the {@code META-INF/services} entries; the {@code provides} clauses say the same to a module
 * path.
 */
module io.typedjson.connect {
    requires transitive io.typedjson.serde;
    // connect-api has no module name of its own; the Converter and HeaderConverter interfaces and the data classes
    // are in the converter's signatures (kafka.clients comes through io.typedjson.serde)
    requires transitive connect.api;

    exports io.typedjson.connect;

    provides org.apache.kafka.connect.storage.Converter with io.typedjson.connect.TypedJsonConverter;
    provides org.apache.kafka.connect.storage.HeaderConverter with io.typedjson.connect.TypedJsonConverter;
}
