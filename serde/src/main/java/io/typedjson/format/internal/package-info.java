/**
 * The format's rules, written once (SPEC.md). First the table of scalar types ({@code ScalarType}): one row per type
 * with its class, tag, typed spelling, canonical text (map keys, tag payloads), label and Connect schema, which the
 * dynamic model, the class codecs, map keys, the console formatter, JSON Schema and the Connect converter all read.
 * Beside it the container codecs ({@code Containers}: arrays, sets, string-keyed objects, pair maps) that all three
 * build on. Under them: the one spelling of each scalar ({@code Lexemes}, {@code IsoTimes}, base64 included), the
 * tags ({@code Tags}), map-key spellings ({@code KeySpelling}), the format's equality ({@code Equality}), reader
 * errors with path and offset and the limits' messages ({@code Readers}).
 *
 * <p>Not API: the module exports this package to the Connect converter only, and it may change in any release.
 */
package io.typedjson.format.internal;
