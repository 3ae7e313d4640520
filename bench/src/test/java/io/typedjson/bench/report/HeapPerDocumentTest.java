package io.typedjson.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the heap table is made of, without measuring heap: both sides of each target on each data set, an empty row for
 * a codec that cannot carry the records, and the table and CSV of given rows. The measurement itself (heap after a
 * collection) is not deterministic and lives in the benchmark: {@code report} writes it to heap.md and heap.csv.
 */
class HeapPerDocumentTest {

    @Test
    void measuresBothSidesOfEachTargetOnceAndGivesACodecThatFailsAnEmptyRow() {
        List<Interleaved.Target> targets = List.of(new Interleaved.Target("typedjson-dynamic", "jackson-map", 0.6),
                new Interleaved.Target("jackson-map", "typedjson-dynamic", 1.0));
        List<HeapPerDocument.Row> rows = HeapPerDocument.measure(List.of("orders"), targets, (dataset, codec) -> {
            if (codec.name().equals("jackson-map")) {
                throw new IllegalStateException("cannot carry them");
            }
            return new HeapPerDocument.Row(dataset, codec.name(), 100, 250, 400);
        });
        assertEquals(List.of(new HeapPerDocument.Row("orders", "typedjson-dynamic", 100, 250, 400),
                new HeapPerDocument.Row("orders", "jackson-map", Double.NaN, Double.NaN, -1)), rows);
    }

    @Test
    void writesATablePerDatasetAndACsvLinePerRow() {
        List<HeapPerDocument.Row> rows = List.of(new HeapPerDocument.Row("orders", "typedjson-dynamic", 120.4, 301.2, 640),
                new HeapPerDocument.Row("orders", "jackson-map", Double.NaN, Double.NaN, -1),
                new HeapPerDocument.Row("events", "typedjson-dynamic", 80, 160, 200));
        String md = HeapPerDocument.markdown(rows);
        assertEquals("""

                ## orders

                | codec | document B | retained B/doc | retained ÷ document | allocated B/read |
                |---|--:|--:|--:|--:|
                | typedjson-dynamic | 120 | 301 | 2.5× | 640 |
                | jackson-map | — | — | — | — |

                ## events

                | codec | document B | retained B/doc | retained ÷ document | allocated B/read |
                |---|--:|--:|--:|--:|
                | typedjson-dynamic | 80 | 160 | 2.0× | 200 |
                """, md.substring(md.indexOf("\n## orders")).replace(System.lineSeparator(), "\n"));
        assertEquals("""
                dataset,codec,document_bytes,retained_bytes_per_document,allocated_bytes_per_read
                orders,typedjson-dynamic,120.4,301.2,640
                orders,jackson-map,NaN,NaN,-1
                events,typedjson-dynamic,80.0,160.0,200
                """, HeapPerDocument.csv(rows).replace(System.lineSeparator(), "\n"));
    }
}
