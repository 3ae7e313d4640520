/**
 * The format's scalar types (SPEC.md sections 5 to 7), one final class per type holding all of its rules: typed read
 * and write, canonical text and map-key parse, tagged write and parse (with the fast path beside the strict one), and
 * its JSON Schema. {@code ScalarTypes} registers them; a new type is one class here and one line there.
 *
 * <p>Not API: exported to the Connect converter only.
 */
package io.typedjson.format.internal.scalar;
