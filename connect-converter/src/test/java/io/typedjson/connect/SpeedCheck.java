package io.typedjson.connect;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.Test;

/**
 * A rough speed comparison with JsonConverter, printed, never asserted (times on shared CI machines are noise);
 * converters are interleaved round by round and the best round of each is kept. The benchmark module has the JMH numbers.
 */
class SpeedCheck {

    @Test
    void printNanosecondsPerRecord() {
        Map<String, Converter> converters = new LinkedHashMap<>();
        for (boolean schemas : new boolean[] {true, false}) {
            JsonConverter c = new JsonConverter();
            c.configure(Map.of("schemas.enable", schemas), false);
            converters.put("JsonConverter schemas " + (schemas ? "on" : "off"), c);
        }
        for (String location : List.of("inline", "header", "none")) {
            converters.put("typedjson " + location, TypedJsonConverterTest.converter(location, false));
        }
        for (String dataset : List.of("rows", "orders")) {
            List<Struct> records = dataset.equals("rows") ? Samples.rows(5_000, 1) : Samples.orders(5_000, 1);
            Schema schema = dataset.equals("rows") ? Samples.ROW : Samples.ORDER;
            Map<String, long[]> best = new LinkedHashMap<>();
            for (int round = 0; round < 12; round++) {
                for (Map.Entry<String, Converter> e : converters.entrySet()) {
                    long[] b = best.computeIfAbsent(e.getKey(), k -> new long[] {Long.MAX_VALUE, Long.MAX_VALUE});
                    Converter c = e.getValue();
                    org.apache.kafka.common.header.Headers[] headers = new org.apache.kafka.common.header.Headers[records.size()];
                    byte[][] bytes = new byte[records.size()][];
                    long t0 = System.nanoTime();
                    for (int i = 0; i < records.size(); i++) {
                        headers[i] = new org.apache.kafka.common.header.internals.RecordHeaders();
                        bytes[i] = c.fromConnectData("t", headers[i], schema, records.get(i));
                    }
                    long t1 = System.nanoTime();
                    for (int i = 0; i < records.size(); i++) {
                        c.toConnectData("t", headers[i], bytes[i]);
                    }
                    long t2 = System.nanoTime();
                    b[0] = Math.min(b[0], (t1 - t0) / records.size());
                    b[1] = Math.min(b[1], (t2 - t1) / records.size());
                }
            }
            best.forEach((name, b) -> System.out.printf("%-7s %-28s fromConnectData %6d ns  toConnectData %6d ns%n", dataset, name, b[0], b[1]));
        }
    }
}
