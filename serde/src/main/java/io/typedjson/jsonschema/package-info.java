/**
 * {@link io.typedjson.jsonschema.JsonSchemas}: a JSON Schema (draft 2020-12) of the documents typedjson writes for a
 * Java type or for the dynamic model, so that validators, editors and data catalogs outside Java can check a topic
 * (docs/json-schema.md says what such a schema can and cannot check).
 */
package io.typedjson.jsonschema;
