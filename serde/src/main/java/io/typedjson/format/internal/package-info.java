/**
 * The format core: the format's rules, written once (SPEC.md), at the bottom of the layers (checked by
 * {@code LayeringTest}: nothing here imports the dynamic model's API, the codecs, JSON Schema or the serde). The
 * scalar types are {@code io.typedjson.format.internal.scalar}: one class per type with all of its rules, and the
 * registry {@code ScalarTypes}. Here: the container codecs ({@code Containers}: arrays, sets, string-keyed objects,
 * pair maps) and the dynamic model's body ({@code DynamicModel}) that they call directly; the one spelling of each
 * lexeme ({@code Lexemes}, {@code IsoTimes}, base64 included), the tags ({@code Tags}), map-key spellings
 * ({@code KeySpelling}), the format's equality ({@code Equality}) and reader errors with path and offset
 * ({@code ReadErrors}). The core also holds the reader and writer of {@code io.typedjson.format} with their errors and
 * limits ({@code JsonReader}, {@code JsonWriter}, {@code JsonToken}, {@code JsonKey}, {@code EncodedString},
 * {@code Codec}, {@code TypedJsonException}, {@code Limits}), which live in that package because users' codecs use
 * them.
 *
 * <p>Not API: the module exports this package to the Connect converter only, and it may change in any release.
 */
package io.typedjson.format.internal;
