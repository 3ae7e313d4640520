/**
 * Not API: the reader of the schema topic that schema references (SPEC.md section 11, "reference") point into,
 * shared by the console formatter and the Connect converter (module io.typedjson.connect) only; the record headers of
 * event types ({@code EventHeaders}), shared by the serde and the converter.
 */
package io.typedjson.serde.internal;
