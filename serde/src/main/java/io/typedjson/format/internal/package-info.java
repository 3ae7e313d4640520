/**
 * The format's rules, written once (SPEC.md): the one spelling of each scalar type ({@code Lexemes}, {@code IsoTimes}),
 * the tags ({@code Tags}), map-key spellings ({@code KeySpelling}), the container codecs for arrays, sets, objects and
 * pair maps ({@code Containers}), the format's equality ({@code Equality}), reader
 * errors with path and offset and the limits' messages ({@code Readers}). The dynamic model, the class codecs
 * and the Connect converter are all built on them.
 *
 * <p>Not API: the module exports this package to the Connect converter only, and it may change in any release.
 */
package io.typedjson.format.internal;
