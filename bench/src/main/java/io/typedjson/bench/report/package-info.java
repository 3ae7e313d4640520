/**
 * {@code report} and {@code speed}: sizes and exactness, the interleaved speed harness and its targets table, the
 * markdown, CSV and SVG they write.
 */
package io.typedjson.bench.report;
