package io.typedjson.connect;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;

/** Schemas and values used by the tests: every Connect type, and the rows and orders data sets. */
public final class Samples {
    private Samples() {}

    public static final Schema INNER = SchemaBuilder.struct().name("com.acme.Inner").version(2).doc("an inner struct")
            .field("a", Schema.INT32_SCHEMA)
            .field("b", Schema.OPTIONAL_STRING_SCHEMA)
            .build();

    public static final Schema ALL = SchemaBuilder.struct().name("com.acme.All").version(3).doc("every type, \"quoted\" `ticks`")
            .parameter("p", "v w").parameter("empty", "")
            .field("i8", Schema.INT8_SCHEMA)
            .field("i16", Schema.INT16_SCHEMA)
            .field("i32", Schema.INT32_SCHEMA)
            .field("i64", Schema.INT64_SCHEMA)
            .field("f32", Schema.FLOAT32_SCHEMA)
            .field("f64", Schema.FLOAT64_SCHEMA)
            .field("flag", Schema.BOOLEAN_SCHEMA)
            .field("s", Schema.STRING_SCHEMA)
            .field("raw", Schema.BYTES_SCHEMA)
            .field("opt_i64", Schema.OPTIONAL_INT64_SCHEMA)
            .field("opt_with_default", SchemaBuilder.int32().optional().defaultValue(7).build())
            .field("req_with_default", SchemaBuilder.string().defaultValue("dflt \"x\"").build())
            .field("bytes_default", SchemaBuilder.bytes().optional().defaultValue(new byte[] {1, 2, 3}).build())
            .field("list_default", SchemaBuilder.array(Schema.INT32_SCHEMA).optional().defaultValue(List.of(1, 2)).build())
            .field("named_int", SchemaBuilder.int64().name("com.acme.Id").version(1).doc("an id").parameter("k", "v").build())
            .field("dec2", Decimal.schema(2))
            .field("dec_neg", Decimal.builder(-3).optional().build())
            .field("dec_prec", Decimal.builder(4).parameter("connect.decimal.precision", "10").build())
            .field("dec_default", Decimal.builder(1).optional().defaultValue(new BigDecimal("2.5")).build())
            .field("date", Date.SCHEMA)
            .field("time", Time.SCHEMA)
            .field("ts", Timestamp.SCHEMA)
            .field("opt_ts", Timestamp.builder().optional().build())
            .field("strings", SchemaBuilder.array(Schema.OPTIONAL_STRING_SCHEMA).build())
            .field("structs", SchemaBuilder.array(INNER).build())
            .field("by_name", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.FLOAT64_SCHEMA).build())
            .field("by_int", SchemaBuilder.map(Schema.INT32_SCHEMA, INNER).build())
            .field("by_struct", SchemaBuilder.map(INNER, Schema.OPTIONAL_STRING_SCHEMA).optional().build())
            .field("by_opt_string", SchemaBuilder.map(Schema.OPTIONAL_STRING_SCHEMA, Schema.INT8_SCHEMA).build())
            .field("nested", INNER)
            .field("~tilde key", Schema.OPTIONAL_STRING_SCHEMA)
            .field("matrix", SchemaBuilder.array(SchemaBuilder.array(Schema.FLOAT32_SCHEMA).build()).build())
            .build();

    public static Struct inner(int a, String b) {
        return new Struct(INNER).put("a", a).put("b", b);
    }

    /** A Struct of {@link #ALL} with ordinary values. */
    public static Struct all() {
        Map<String, Double> byName = new LinkedHashMap<>();
        byName.put("x", 1.5);
        byName.put("~y", -0.0);
        byName.put("", Double.NaN);
        Map<Integer, Struct> byInt = new LinkedHashMap<>();
        byInt.put(-1, inner(1, null));
        byInt.put(2, inner(2, "~~"));
        Map<Struct, String> byStruct = new LinkedHashMap<>();
        byStruct.put(inner(3, "k"), null);
        Map<String, Byte> byOptString = new LinkedHashMap<>();
        byOptString.put(null, (byte) 1);
        byOptString.put("a", (byte) -128);
        return new Struct(ALL)
                .put("i8", (byte) -128)
                .put("i16", (short) 32767)
                .put("i32", Integer.MIN_VALUE)
                .put("i64", Long.MAX_VALUE)
                .put("f32", 0.1f)
                .put("f64", 1e300)
                .put("flag", true)
                .put("s", "~t2026-01-01T00:00:00Z \u00e9\ud83d\ude00 \"q\"\n")
                .put("raw", new byte[] {0, -1, 127})
                .put("opt_i64", null)
                .put("opt_with_default", null) // stays null, not 7
                .put("bytes_default", new byte[0])
                .put("named_int", 42L)
                .put("dec2", new BigDecimal("-12345678901234567890.10"))
                .put("dec_neg", new BigDecimal("1E+3"))
                .put("dec_prec", new BigDecimal("3.1416"))
                .put("date", new java.util.Date(-86_400_000L * 365))
                .put("time", new java.util.Date(86_399_999L))
                .put("ts", new java.util.Date(-1L))
                .put("opt_ts", new java.util.Date(1_796_017_345_123L))
                .put("strings", Arrays.asList("a", null, "~", "~~x", ""))
                .put("structs", List.of(inner(1, "x"), inner(2, null)))
                .put("by_name", byName)
                .put("by_int", byInt)
                .put("by_struct", byStruct)
                .put("by_opt_string", byOptString)
                .put("nested", inner(0, "\u0000"))
                .put("~tilde key", "~")
                .put("matrix", List.of(List.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f), List.of()));
    }

    /** Structs of {@link #ALL}: ordinary values, then the special floats and every optional field null. */
    public static List<Struct> allVariants() {
        Struct special = all()
                .put("f32", Float.NaN).put("f64", -0.0)
                .put("dec_neg", null).put("opt_ts", null).put("by_struct", null).put("bytes_default", null)
                .put("list_default", null).put("~tilde key", null).put("req_with_default", "set");
        Struct extremes = all()
                .put("f32", Float.NEGATIVE_INFINITY).put("f64", Double.POSITIVE_INFINITY)
                .put("i64", Long.MIN_VALUE).put("s", "").put("raw", new byte[0])
                .put("ts", new java.util.Date(Long.MIN_VALUE / 1000 * 1000 / 4)).put("strings", List.of());
        return List.of(all(), special, extremes);
    }

    // ------------------------------------------------------------------ rows and orders

    public static final Schema ROW = SchemaBuilder.struct()
            .field("id", Schema.INT32_SCHEMA)
            .field("customer_id", Schema.INT64_SCHEMA)
            .field("qty", Schema.INT16_SCHEMA)
            .field("price", Decimal.schema(2))
            .field("created", Timestamp.SCHEMA)
            .field("ship_date", Date.builder().optional().build())
            .field("note", Schema.OPTIONAL_STRING_SCHEMA)
            .field("active", Schema.BOOLEAN_SCHEMA)
            .field("score", Schema.FLOAT32_SCHEMA)
            .field("payload", Schema.OPTIONAL_BYTES_SCHEMA)
            .build();

    public static final Schema ORDER = SchemaBuilder.struct()
            .field("id", Schema.INT64_SCHEMA)
            .field("name", Schema.STRING_SCHEMA)
            .field("status", Schema.STRING_SCHEMA)
            .field("amount", Schema.FLOAT64_SCHEMA)
            .field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
            .field("ts", Schema.STRING_SCHEMA)
            .build();

    private static final String[] NOTES = {"leave at the door", "gift wrap", "call before delivery", "fragile"};
    private static final String[] NAMES = {"Alice Martin", "Bob Chen", "Carol Diaz", "Dave Okafor", "Eve Novak"};
    private static final String[] STATUSES = {"NEW", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"};
    private static final String[] TAGS = {"gift", "express", "fragile", "priority", "bulk"};
    private static final long T0 = 1_796_017_345_123L; // 2026-11-30

    public static List<Struct> rows(int n, long seed) {
        Random r = new Random(seed);
        List<Struct> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] payload = null;
            if (r.nextInt(3) > 0) {
                payload = new byte[8 + r.nextInt(17)];
                r.nextBytes(payload);
            }
            long created = T0 - r.nextInt(1_000_000_000);
            out.add(new Struct(ROW)
                    .put("id", 100_000 + i)
                    .put("customer_id", 1_000_000L + r.nextInt(9_000_000))
                    .put("qty", (short) (1 + r.nextInt(100)))
                    .put("price", BigDecimal.valueOf(r.nextInt(1_000_000), 2))
                    .put("created", new java.util.Date(created))
                    .put("ship_date", r.nextBoolean() ? null : new java.util.Date((created / 86_400_000L + 3) * 86_400_000L))
                    .put("note", r.nextInt(3) == 0 ? NOTES[r.nextInt(NOTES.length)] : null)
                    .put("active", r.nextBoolean())
                    .put("score", r.nextInt(10_000) / 10_000f)
                    .put("payload", payload));
        }
        return out;
    }

    public static List<Struct> orders(int n, long seed) {
        Random r = new Random(seed);
        List<Struct> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<String> tags = new ArrayList<>();
            for (int t = r.nextInt(4); t > 0; t--) {
                tags.add(TAGS[r.nextInt(TAGS.length)]);
            }
            out.add(new Struct(ORDER)
                    .put("id", 1_000_000L + i)
                    .put("name", NAMES[r.nextInt(NAMES.length)])
                    .put("status", STATUSES[r.nextInt(STATUSES.length)])
                    .put("amount", r.nextInt(100_000) / 100.0)
                    .put("tags", tags)
                    .put("ts", java.time.Instant.ofEpochMilli(T0 - r.nextInt(1_000_000_000)).toString()));
        }
        return out;
    }

    public static String utf8(byte[] b) {
        return b == null ? "null" : new String(b, StandardCharsets.UTF_8);
    }
}
