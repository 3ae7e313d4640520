// typedjson for TypeScript and Node: typed JSON documents (SPEC.md) read and written exactly.
export { parse, ParseOptions } from "./reader";
export { stringify, StringifyOptions } from "./writer";
export { parseConnect, parseConnectWithSchema, parseSchemaNotation, ConnectSchema, ConnectType, ConnectValue, SchemaAndValue, ConnectParseOptions, SchemaLocation, writeSchemaNotation } from "./connect";
export { TypedJsonError } from "./errors";
export { Limits, DEFAULT_LIMITS } from "./scanner";
export { equals, same } from "./equality";
export {
  BigInteger,
  Decimal,
  Duration,
  Float32,
  Float64,
  Instant,
  Int16,
  Int32,
  Int8,
  LocalDate,
  LocalDateTime,
  LocalTime,
  OffsetDateTime,
  Uuid,
  Value,
  ValueInput,
  setMember,
} from "./types";
export { serializer, deserializer, formatMark, FORMAT_HEADER, DeserializerOptions, SerializerOptions, WritableHeaders } from "./kafka";
export {
  SchemaResolver,
  SchemaResolverOptions,
  NotationResolver,
  RecordHeaders,
  ConnectRecordOptions,
  ReferenceRecord,
  parseConnectReference,
  parseConnectRecord,
  writeConnectReference,
  schemaTopicRecord,
  schemaFingerprint,
  fingerprintHex,
  SCHEMA_REF_HEADER,
  KEY_SCHEMA_REF_HEADER,
  SCHEMA_HEADER,
  KEY_SCHEMA_HEADER,
  DEFAULT_SCHEMA_TOPIC,
} from "./reference";
export {
  EventReader,
  EventReaderOptions,
  EventManifest,
  EventRecord,
  KnownEvent,
  UnknownEvent,
  UnknownTypes,
  TypeLocation,
  Shape,
  NamedShape,
  parseManifest,
  isEventTypeName,
  DEFAULT_TYPE_HEADER,
} from "./events";
