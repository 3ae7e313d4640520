package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ConcurrencyAndSizeTest {

    /** One instance shared by many threads, as Kafka Streams threads and Connect tasks share them. */
    @Test
    @Timeout(60)
    void oneSerializerAndDeserializerServeManyThreads() throws Exception {
        TypedJsonSerializer<Object> serializer = new TypedJsonSerializer<>();
        TypedJsonDeserializer<Object> deserializer = new TypedJsonDeserializer<>();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 5_000; i++) {
                        Map<String, Object> v = new LinkedHashMap<>();
                        v.put("thread", thread);
                        v.put("i", (long) i);
                        v.put("s", "x".repeat(i % 300)); // documents of different sizes through the shared buffers
                        byte[] doc = serializer.serialize("t", v);
                        Object back = deserializer.deserialize("t", doc);
                        if (!v.equals(back)) {
                            throw new AssertionError("thread " + thread + " record " + i + ": " + back);
                        }
                        if (i % 1000 == 0) {
                            // a failure on one thread leaves that thread's next document intact
                            assertThrows(SerializationException.class, () -> serializer.serialize("t", List.of(new Object())));
                        }
                    }
                    return thread;
                }));
            }
            for (Future<Integer> r : results) {
                r.get();
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    record Line(long id, String sku, double price, List<String> tags) {}

    /**
     * One class deserializer read by several threads at once, started together so that they take the format's cached
     * reader from each other (TypedJsonFormat keeps the reader of the thread that reads most outside its ThreadLocal):
     * every value read is the one written, and a refused document leaves the thread's next read intact.
     */
    @Test
    @Timeout(60)
    void oneClassDeserializerReadsOnManyThreadsAtOnce() throws Exception {
        TypedJsonSerializer<Line> serializer = TypedJsonSerializer.forClass(Line.class);
        TypedJsonDeserializer<Line> deserializer = TypedJsonDeserializer.forClass(Line.class);
        int threads = 6;
        List<Line> lines = new ArrayList<>();
        List<byte[]> docs = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            List<String> tags = new ArrayList<>();
            for (int k = 0; k < i % 50; k++) {
                tags.add("t" + k + "u".repeat(i % 30)); // reads long enough for threads to overlap
            }
            Line l = new Line(i, "sku-" + "x".repeat(i % 40), i / 8.0, tags);
            lines.add(l);
            docs.add(serializer.serialize("t", l));
        }
        byte[] refused = "{\"id\":1,\"sku\":2}".getBytes(StandardCharsets.UTF_8);
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                results.add(pool.submit(() -> {
                    start.await();
                    for (int round = 0; round < 20; round++) {
                        for (int i = thread; i < docs.size(); i++) {
                            Line back = deserializer.deserialize("t", docs.get(i));
                            if (!lines.get(i).equals(back)) {
                                throw new AssertionError("thread " + thread + " record " + i + ": " + back);
                            }
                            if (i % 97 == 0) {
                                assertThrows(SerializationException.class, () -> deserializer.deserialize("t", refused));
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> r : results) {
                r.get();
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void hundredMegabyteStringIsRefusedByTheDocumentLimit() {
        byte[] doc = new byte[100 * 1024 * 1024 + 2];
        java.util.Arrays.fill(doc, (byte) 'a');
        doc[0] = '"';
        doc[doc.length - 1] = '"';
        SerializationException e = assertThrows(SerializationException.class,
                () -> new TypedJsonDeserializer<>().deserialize("big", doc));
        assertTrue(e.getMessage().contains("exceeds the limit"), e.getMessage());
    }

    @Test
    void stringLongerThanTheStringLimitIsRefusedWithinTheDocumentLimit() {
        TypedJsonDeserializer<Object> d = new TypedJsonDeserializer<>();
        d.configure(Map.of(TypedJsonConfig.MAX_STRING_LENGTH, "1000000"), false);
        byte[] doc = ("[\"" + "b".repeat(1_000_001) + "\"]").getBytes(StandardCharsets.UTF_8);
        SerializationException e = assertThrows(SerializationException.class, () -> d.deserialize("big", doc));
        assertTrue(e.getMessage().contains("string of 1000001 UTF-16 units exceeds the limit of 1000000 (typedjson.max.string.length)"), e.getMessage());
        byte[] ok = ("[\"" + "b".repeat(1_000_000) + "\"]").getBytes(StandardCharsets.UTF_8);
        assertEquals(1_000_000, ((String) ((List<?>) d.deserialize("big", ok)).get(0)).length());
    }

    @Test
    void largeDocumentsWithinLimitsRoundTrip() {
        List<Object> big = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            big.add(i % 2 == 0 ? (Object) (long) i : "v" + i);
        }
        TypedJsonSerializer<Object> s = new TypedJsonSerializer<>();
        byte[] doc = s.serialize("t", big);
        assertArrayEquals(doc, s.serialize("t", new TypedJsonDeserializer<>().deserialize("t", doc)));
    }
}
