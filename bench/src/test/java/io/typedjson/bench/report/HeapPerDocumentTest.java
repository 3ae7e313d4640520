package io.typedjson.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The heap table measures what a decoded document keeps: a document decoded and held costs heap, a rival that cannot
 * carry the records gets an empty row, and the table and CSV have a line for each. No limit is judged here.
 */
class HeapPerDocumentTest {

    @Test
    void measuresRetainedAndAllocatedBytesOfBothSidesOfATarget() {
        List<HeapPerDocument.Row> rows = HeapPerDocument.measure(List.of("orders"),
                List.of(new Interleaved.Target("typedjson-dynamic", "jackson-map", 0.6)));
        assertEquals(List.of("typedjson-dynamic", "jackson-map"), rows.stream().map(HeapPerDocument.Row::codec).toList());
        for (HeapPerDocument.Row r : rows) {
            assertEquals("orders", r.dataset());
            assertTrue(r.documentBytes() > 50, r.toString());
            // a decoded orders record holds at least its map and its strings; the allocation count covers them
            assertTrue(r.retainedBytes() > r.documentBytes() && r.retainedBytes() < 100 * r.documentBytes(), r.toString());
            assertTrue(r.allocatedBytes() < 0 || r.allocatedBytes() >= r.retainedBytes() / 2, r.toString());
        }
        String md = HeapPerDocument.markdown(rows);
        assertTrue(md.contains("## orders") && md.contains("| typedjson-dynamic | ") && md.contains("| jackson-map | "), md);
        String csv = HeapPerDocument.csv(rows);
        assertEquals(3, csv.split("\n").length, csv);
        assertTrue(csv.startsWith("dataset,codec,document_bytes,retained_bytes_per_document,allocated_bytes_per_read\n"), csv);
    }
}
