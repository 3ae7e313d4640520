/** {@link io.typedjson.annotation.TypedJsonName}: renames a field's key, an enum constant or a sealed variant (SPEC.md section 10). */
package io.typedjson.annotation;
