/**
 * The data sets (orders, rows, cdc, board): seeded records as Java records, Connect Structs and maps.
 */
package io.typedjson.bench.data;
