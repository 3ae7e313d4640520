package io.typedjson.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.typedjson.format.Codec;
import io.typedjson.format.DynamicCodec;
import io.typedjson.format.TypedJsonException;
import io.typedjson.format.TypedJsonFormat;
import io.typedjson.jsonschema.JsonSchemas;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * java.time.Duration (SPEC.md section 5, contract B of issue 23): one spelling, Duration.toString(), in typed
 * positions, as the dynamic model's {@code ~P} tag and as a map key; every other spelling refused, naming it.
 */
class DurationTest {

    record Timer(String name, Duration every, Map<Duration, String> labels) {}

    private static final Codec<Timer> TIMER = Codecs.of(Timer.class);
    private static final Codec<Duration> DURATION = Codecs.of(Duration.class);

    /** The canonical texts of the contract, with the values they spell. */
    private static final Map<String, Duration> CANONICAL = new LinkedHashMap<>();

    static {
        CANONICAL.put("PT0S", Duration.ZERO);
        CANONICAL.put("PT1.5S", Duration.ofMillis(1500));
        CANONICAL.put("PT8H6M12.345S", Duration.ofHours(8).plusMinutes(6).plusMillis(12_345));
        CANONICAL.put("PT48H", Duration.ofDays(2));
        CANONICAL.put("PT-0.5S", Duration.ofMillis(-500));
        CANONICAL.put("PT-1H-2M-3.5S", Duration.ofMillis(-(3600_000 + 120_000 + 3500)));
        CANONICAL.put("PT0.000000001S", Duration.ofNanos(1));
        CANONICAL.put("PT-0.000000001S", Duration.ofNanos(-1));
        CANONICAL.put("PT2562047788015215H30M7.999999999S", Duration.ofSeconds(Long.MAX_VALUE, 999_999_999));
        CANONICAL.put("PT-2562047788015215H-30M-8S", Duration.ofSeconds(Long.MIN_VALUE));
        CANONICAL.put("PT1M", Duration.ofMinutes(1));
        CANONICAL.put("PT1H0.1S", Duration.ofHours(1).plusMillis(100));
    }

    @Test
    void theCanonicalTextsOfTheContractAreWrittenAndReadBack() {
        CANONICAL.forEach((text, value) -> {
            assertEquals('"' + text + '"', write(DURATION, value));
            assertEquals(value, read(DURATION, '"' + text + '"'));
        });
    }

    /** The durations the three languages spell: random seconds and nanos of every magnitude, and both ends of the range. */
    private static List<Duration> randomDurations() {
        Random r = new Random(23);
        List<Duration> out = new java.util.ArrayList<>(List.of(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999),
                Duration.ofSeconds(Long.MIN_VALUE), Duration.ofSeconds(Long.MIN_VALUE, 1)));
        for (int i = 0; i < 100_000; i++) {
            long seconds = switch (r.nextInt(4)) {
                case 0 -> r.nextLong();
                case 1 -> r.nextInt(200_000) - 100_000;
                case 2 -> r.nextInt(121) - 60;
                default -> (r.nextInt(5) - 2) * 3600L * r.nextInt(1000);
            };
            int nanos = switch (r.nextInt(3)) {
                case 0 -> 0;
                case 1 -> r.nextInt(1_000_000_000);
                default -> r.nextInt(1000) * 1_000_000;
            };
            out.add(Duration.ofSeconds(seconds, nanos));
        }
        return out;
    }

    /**
     * The dynamic model's document of the random durations, written by Java's writer: each {@code "~P"} and
     * {@code Duration.toString()} (SPEC.md 5 and 7), which the JDK prints on its own.
     */
    @Test
    void javaWritesEveryDurationAsDurationToString() {
        List<Duration> durations = randomDurations();
        StringBuilder expected = new StringBuilder("[");
        for (Duration d : durations) {
            expected.append(expected.length() == 1 ? "" : ",").append("\"~P").append(d).append('"');
        }
        assertSameDocument("Java's writer", durations, expected.append(']').toString(), write(DynamicCodec.INSTANCE, durations));
    }

    /**
     * SPEC.md 5 writes Duration.toString()'s algorithm out for the other languages: Python's and TypeScript's writers
     * spell the random durations, given as seconds and nanos, into the same document, byte for byte, as Java's.
     */
    @Test
    void pythonWritesEveryDurationAsJavaDoes() throws Exception {
        assertSameDocumentAsJava("python3", List.of("python3", "-c", String.join("\n",
                "import sys",
                "sys.path.insert(0, sys.argv[1])",
                "from typedjson import Duration, dumps",
                "pairs = (line.split() for line in open(sys.argv[2]))",
                "sys.stdout.write(dumps([Duration(int(s), int(n)) for s, n in pairs]))"),
                ROOT.resolve("clients/python").toString()));
    }

    @Test
    void typeScriptWritesEveryDurationAsJavaDoes() throws Exception {
        Path dist = ROOT.resolve("clients/typescript/dist/index.js");
        Assumptions.assumeTrue(Files.exists(dist), dist + " is not built (the clients module builds it in mvn verify): skipped");
        assertSameDocumentAsJava("node", List.of("node", "-e", String.join("\n",
                "const { Duration, stringify } = require(process.argv[1]);",
                "const lines = require('fs').readFileSync(process.argv[2], 'utf8').split('\\n').filter(l => l);",
                "process.stdout.write(stringify(lines.map(l => { const [s, n] = l.split(' ');"
                        + " return new Duration(BigInt(s), Number(n)); })));"),
                dist.toString()));
    }

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** Runs {@code command} with the random durations' file ("seconds nanos" lines) as its last argument. */
    private static void assertSameDocumentAsJava(String tool, List<String> command) throws Exception {
        List<Duration> durations = randomDurations();
        StringBuilder lines = new StringBuilder();
        for (Duration d : durations) {
            lines.append(d.getSeconds()).append(' ').append(d.getNano()).append('\n');
        }
        Path input = Files.createTempFile("typedjson-durations", ".txt");
        try {
            Files.writeString(input, lines);
            List<String> args = new java.util.ArrayList<>(command);
            args.add(input.toString());
            Process p;
            try {
                p = new ProcessBuilder(args).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            } catch (java.io.IOException e) {
                Assumptions.abort(tool + " is not installed: skipped (" + e.getMessage() + ")");
                return;
            }
            String theirs = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(300, java.util.concurrent.TimeUnit.SECONDS), tool + " did not finish");
            assertEquals(0, p.exitValue(), tool + " failed");
            assertSameDocument(tool, durations, write(DynamicCodec.INSTANCE, durations), theirs);
        } finally {
            Files.deleteIfExists(input);
        }
    }

    /** The documents of {@code durations} are the same, else the first duration {@code who} spells otherwise is named. */
    private static void assertSameDocument(String who, List<Duration> durations, String expected, String actual) {
        if (!expected.equals(actual)) {
            String[] a = expected.split(","), b = actual.split(",");
            for (int i = 0; i < Math.min(a.length, b.length); i++) {
                Duration d = durations.get(i);
                assertEquals(a[i], b[i], who + " spells " + d.getSeconds() + " s " + d.getNano() + " ns otherwise");
            }
        }
        assertEquals(expected, actual, who + "'s document");
    }

    @ParameterizedTest
    @ValueSource(strings = {"PT1H0M", "PT60M", "PT1.50S", "PT0.0S", "PT-0S", "PT1H-2M", "PT90S", "PT-1H2M", "P1D", "pt1s",
            "PT+1S", "PT1s", "PT1,5S", "-PT1S", "PT1.S", "P1DT1H", "PT-1H-60M", "p0d", "P0DT0H0M0S"})
    void secondSpellingsOfAValueAreRefusedNamingTheOneSpelling(String text) {
        Duration value = Duration.parse(text);
        String canonical = value.toString();
        TypedJsonException typed = assertThrows(TypedJsonException.class, () -> read(DURATION, '"' + text + '"'));
        assertTrue(typed.getMessage().contains("non-canonical duration \"" + text + "\" (the one spelling of this value is \""
                + canonical + "\")"), typed.getMessage());
        TypedJsonException tagged = assertThrows(TypedJsonException.class,
                () -> read(DynamicCodec.INSTANCE, "\"~P" + text + "\""));
        assertTrue(tagged.getMessage().contains("non-canonical ~P payload \"" + text + "\" (the one spelling of this value is \"~P"
                + canonical + "\")"), tagged.getMessage());
        TypedJsonException key = assertThrows(TypedJsonException.class,
                () -> read(TIMER, "{\"name\":\"t\",\"every\":\"PT1S\",\"labels\":{\"" + text + "\":\"x\"}}"));
        assertTrue(key.getMessage().contains("key \"" + text + "\" is not the canonical spelling of a duration (\""
                + canonical + "\")"), key.getMessage());
        assertTrue(key.getMessage().contains("$.labels"), key.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "P", "PT", "PT.5S", "PT1.0000000001S", "1S", "PT9223372036854775808S", "PT2562047788015216H",
            " PT1S", "PT1S ", "PT1H1H", "PT1Q", "PT0x1S"})
    void otherTextsAreRefusedAsMalformedNamingTheSpelling(String text) {
        String quoted = "\"" + text + "\"";
        TypedJsonException typed = assertThrows(TypedJsonException.class, () -> read(DURATION, quoted));
        assertTrue(typed.getMessage().contains("malformed duration " + quoted), typed.getMessage());
        TypedJsonException tagged = assertThrows(TypedJsonException.class, () -> read(DynamicCodec.INSTANCE, "\"~P" + text + "\""));
        assertTrue(tagged.getMessage().contains("malformed ~P payload " + quoted), tagged.getMessage());
        TypedJsonException key = assertThrows(TypedJsonException.class,
                () -> read(TIMER, "{\"name\":\"t\",\"every\":\"PT1S\",\"labels\":{" + quoted + ":\"x\"}}"));
        assertTrue(key.getMessage().contains("key " + quoted + " is not a duration"), key.getMessage());
    }

    @Test
    void aNumberWhereADurationBelongsIsRefusedWithItsPath() {
        TypedJsonException e = assertThrows(TypedJsonException.class,
                () -> read(TIMER, "{\"name\":\"t\",\"every\":1.5,\"labels\":{}}"));
        assertTrue(e.getMessage().contains("where a duration belongs") && e.getMessage().contains("$.every"), e.getMessage());
    }

    @Test
    void aClassFieldAndAMapKeyCarryTheCanonicalText() {
        Map<Duration, String> labels = new LinkedHashMap<>();
        labels.put(Duration.ofMillis(-500), "back");
        labels.put(Duration.ofHours(48), "two days");
        Timer timer = new Timer("t", Duration.ofSeconds(8 * 3600 + 6 * 60 + 12, 345_000_000), labels);
        String json = write(TIMER, timer);
        assertEquals("{\"name\":\"t\",\"every\":\"PT8H6M12.345S\",\"labels\":{\"PT-0.5S\":\"back\",\"PT48H\":\"two days\"}}", json);
        assertEquals(timer, read(TIMER, json));
    }

    @Test
    void theDynamicModelTagsADurationWithP() {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("every", Duration.ofNanos(1));
        model.put("list", List.of(Duration.ofMillis(-3_723_500)));
        Map<Object, Object> keyed = new LinkedHashMap<>();
        keyed.put(Duration.ofMinutes(1), 1L);
        model.put("keyed", keyed);
        String json = write(DynamicCodec.INSTANCE, model);
        assertEquals("{\"every\":\"~PPT0.000000001S\",\"list\":[\"~PPT-1H-2M-3.5S\"],\"keyed\":{\"~map\":[\"~PPT1M\",1]}}", json);
        assertEquals(model, read(DynamicCodec.INSTANCE, json));
    }

    @Test
    void theJsonSchemaOfADurationTakesTheCanonicalTextsOnly() {
        Schema field = REGISTRY.getSchema(JsonSchemas.forClass(Timer.class), InputFormat.JSON);
        Schema dynamic = REGISTRY.getSchema(JsonSchemas.dynamic(), InputFormat.JSON);
        for (String text : CANONICAL.keySet()) {
            String doc = "{\"name\":\"t\",\"every\":\"" + text + "\",\"labels\":{\"" + text + "\":\"x\"}}";
            assertEquals(List.of(), field.validate(doc, InputFormat.JSON), doc);
            assertEquals(List.of(), dynamic.validate("\"~P" + text + "\"", InputFormat.JSON), text);
        }
        for (String text : List.of("PT1H0M", "PT60M", "P1D", "pt1s", "PT1.50S", "PT+1S", "PT-0S", "PT1H-2M", "PT0.0S",
                // beyond Duration's range (seconds in int64)
                "PT2562047788015216H", "PT2562047788015215H31M", "PT2562047788015215H30M8S", "PT-2562047788015215H-30M-8.5S",
                "PT-2562047788015215H-31M", "PT10000000000000000H", "PT0H1S", "PT01S")) {
            String doc = "{\"name\":\"t\",\"every\":\"" + text + "\",\"labels\":{}}";
            assertTrue(!field.validate(doc, InputFormat.JSON).isEmpty(), doc);
            String keyed = "{\"name\":\"t\",\"every\":\"PT1S\",\"labels\":{\"" + text + "\":\"x\"}}";
            assertTrue(!field.validate(keyed, InputFormat.JSON).isEmpty(), keyed);
            // not a duration, and not a plain string either (it starts with '~')
            assertTrue(!dynamic.validate("\"~P" + text + "\"", InputFormat.JSON).isEmpty(), text);
        }
    }

    /** The schema's pattern takes every Duration's text, the extremes and their neighbours included. */
    @Test
    void theSchemaPatternTakesEveryDurationsText() {
        java.util.regex.Pattern key = java.util.regex.Pattern.compile(
                io.typedjson.format.internal.scalar.JsonSchemaFragments.keyPattern(Duration.class));
        Random r = new Random(7);
        Duration max = Duration.ofSeconds(Long.MAX_VALUE, 999_999_999), min = Duration.ofSeconds(Long.MIN_VALUE);
        for (int i = 0; i < 20_000; i++) {
            long nanos = r.nextInt(3) == 0 ? 0 : r.nextInt(1_000_000_000);
            Duration d = switch (r.nextInt(4)) {
                case 0 -> max.minusSeconds(r.nextInt(4000)).minusNanos(nanos);
                case 1 -> min.plusSeconds(r.nextInt(4000)).plusNanos(nanos);
                case 2 -> Duration.ofSeconds(r.nextLong(), nanos);
                default -> Duration.ofSeconds(r.nextInt(200_000) - 100_000, nanos);
            };
            assertTrue(key.matcher(d.toString()).matches(), d::toString);
        }
    }

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private static <T> String write(Codec<T> codec, T value) {
        return new String(TypedJsonFormat.defaults().write(codec, value), StandardCharsets.UTF_8);
    }

    private static <T> T read(Codec<T> codec, String json) {
        return TypedJsonFormat.defaults().read(codec, json.getBytes(StandardCharsets.UTF_8));
    }
}
