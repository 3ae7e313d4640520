package io.typedjson.bench.report;

import io.typedjson.bench.data.Datasets;
import io.typedjson.bench.data.Order;
import io.typedjson.connect.TypedJsonConverter;
import io.typedjson.serde.TypedJsonDeserializer;
import io.typedjson.serde.TypedJsonSerializer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.IntConsumer;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.internals.PluginMetricsImpl;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;

/**
 * What the plugin metrics (KIP-877) cost on the hot path: the class serde's serializer and deserializer and the
 * Connect converter (inline), each timed with and without {@code withPluginMetrics} called, on the same records, in
 * the same rounds, in an order shuffled per round; the figure is the median over rounds of the per-round ratio
 * (with metrics over without) and its interquartile range, from the timing thread's CPU time. Run with
 * {@code java -cp bench/target/typedjson-bench.jar io.typedjson.bench.report.MetricsOverhead [rounds]}.
 */
public final class MetricsOverhead {

    private static volatile Object sink;

    private MetricsOverhead() {}

    private record Pair(String name, IntConsumer plain, IntConsumer measured) {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int warmup = 10;
        @SuppressWarnings("unchecked")
        List<Order> orders = (List<Order>) Datasets.generate("orders", 2_000, 42);
        int n = orders.size();

        TypedJsonSerializer<Order> ser = TypedJsonSerializer.forClass(Order.class);
        TypedJsonSerializer<Order> serM = TypedJsonSerializer.forClass(Order.class);
        serM.withPluginMetrics(new PluginMetricsImpl(new Metrics(), Map.of("config", "value.serializer")));
        TypedJsonDeserializer<Order> de = TypedJsonDeserializer.forClass(Order.class);
        TypedJsonDeserializer<Order> deM = TypedJsonDeserializer.forClass(Order.class);
        deM.withPluginMetrics(new PluginMetricsImpl(new Metrics(), Map.of("config", "value.deserializer")));
        byte[][] docs = new byte[n][];
        for (int i = 0; i < n; i++) {
            docs[i] = ser.serialize("t", orders.get(i));
        }

        Schema schema = SchemaBuilder.struct().name("Order").field("id", Schema.INT64_SCHEMA)
                .field("name", Schema.STRING_SCHEMA).field("status", Schema.STRING_SCHEMA)
                .field("amount", Schema.FLOAT64_SCHEMA).field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
                .field("ts", Schema.STRING_SCHEMA).build();
        Struct[] structs = new Struct[n];
        for (int i = 0; i < n; i++) {
            Order o = orders.get(i);
            structs[i] = new Struct(schema).put("id", o.id()).put("name", o.name()).put("status", o.status())
                    .put("amount", o.amount()).put("tags", o.tags()).put("ts", o.ts());
        }
        TypedJsonConverter conv = new TypedJsonConverter();
        conv.configure(Map.of(), false);
        TypedJsonConverter convM = new TypedJsonConverter();
        convM.configure(Map.of(), false);
        convM.withPluginMetrics(new PluginMetricsImpl(new Metrics(), Map.of("converter", "value")));
        byte[][] inline = new byte[n][];
        for (int i = 0; i < n; i++) {
            inline[i] = conv.fromConnectData("t", schema, structs[i]);
        }

        List<Pair> pairs = List.of(
                new Pair("serializer (typedjson-class, orders)", i -> sink = ser.serialize("t", orders.get(i)),
                        i -> sink = serM.serialize("t", orders.get(i))),
                new Pair("deserializer (typedjson-class, orders)", i -> sink = de.deserialize("t", docs[i]),
                        i -> sink = deM.deserialize("t", docs[i])),
                new Pair("converter fromConnectData (inline, orders)", i -> sink = conv.fromConnectData("t", schema, structs[i]),
                        i -> sink = convM.fromConnectData("t", schema, structs[i])),
                new Pair("converter toConnectData (inline, orders)", i -> sink = conv.toConnectData("t", inline[i]),
                        i -> sink = convM.toConnectData("t", inline[i])));

        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Random random = new Random(42);
        List<List<Double>> ratios = new ArrayList<>();
        List<List<Double>> nanos = new ArrayList<>();
        pairs.forEach(p -> {
            ratios.add(new ArrayList<>());
            nanos.add(new ArrayList<>());
        });
        int passes = 20; // each task: 20 passes over the 2,000 records
        for (int round = 0; round < warmup + rounds; round++) {
            List<Integer> order = new ArrayList<>();
            for (int k = 0; k < pairs.size() * 2; k++) {
                order.add(k);
            }
            Collections.shuffle(order, random);
            long[] took = new long[pairs.size() * 2];
            for (int k : order) {
                Pair p = pairs.get(k / 2);
                IntConsumer task = k % 2 == 0 ? p.plain() : p.measured();
                long t0 = cpu.getCurrentThreadCpuTime();
                for (int pass = 0; pass < passes; pass++) {
                    for (int i = 0; i < n; i++) {
                        task.accept(i);
                    }
                }
                took[k] = cpu.getCurrentThreadCpuTime() - t0;
            }
            if (round >= warmup) {
                for (int j = 0; j < pairs.size(); j++) {
                    ratios.get(j).add(took[2 * j + 1] / (double) took[2 * j]);
                    nanos.get(j).add(took[2 * j] / (double) (passes * n));
                }
            }
        }
        System.out.printf(Locale.ROOT, "%d rounds after %d of warm-up; each task %d records; CPU time of the timing thread%n%n",
                rounds, warmup, passes * n);
        System.out.println("| hot path | ns/record without metrics (median) | with ÷ without: median | interquartile range |");
        System.out.println("|---|--:|--:|--:|");
        for (int j = 0; j < pairs.size(); j++) {
            double[] r = ratios.get(j).stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double[] t = nanos.get(j).stream().mapToDouble(Double::doubleValue).sorted().toArray();
            System.out.printf(Locale.ROOT, "| %s | %.0f | %.3f | %.3f–%.3f |%n", pairs.get(j).name(), t[t.length / 2],
                    r[r.length / 2], r[r.length / 4], r[3 * r.length / 4]);
        }
        if (sink == null) {
            System.out.println("(nothing was made)");
        }
    }
}
