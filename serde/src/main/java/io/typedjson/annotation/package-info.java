/**
 * {@link io.typedjson.annotation.TypedJsonName}: renames a field's key, an enum constant or a sealed variant (SPEC.md
 * section 10); {@link io.typedjson.annotation.TypedJson}: a codec generated at compile time.
 */
package io.typedjson.annotation;
