package io.typedjson.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import io.typedjson.examples.OneBroker;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/console-formatter.md, run as written: every command block marked {@code <!-- run -->} is run with Kafka's own
 * {@code org.apache.kafka.tools.consumer.ConsoleConsumer} (kafka-tools 4.4.0) in a child JVM against a
 * one-node KRaft broker (Kafka's own {@code KafkaClusterTestKit}, in-process), with the arguments and the {@code CLASSPATH} read from the doc, and what it prints is
 * compared with the text block that follows, character for character. The child's class path is the doc's two jars
 * followed by Kafka's jars (this module's test class path without any typedjson module), so the doc's claim that
 * the two jars are all the console consumer needs is checked too. The producer code the doc shows is the code that
 * wrote the topic.
 *
 * <p>With {@code -Dtypedjson.docs.write=true} the output blocks are rewritten from the run instead of compared
 * (after a deliberate change of the formatter's output; review the diff).
 */
@Timeout(value = 420, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ConsoleFormatterDocIT {

    private static final Path DOC = Path.of("..", "docs", "console-formatter.md");
    private static final Path SOURCE = Path.of("src", "test", "java", "io", "typedjson", "serde",
            "ConsoleFormatterDocIT.java");
    private static final String CONSOLE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleConsumer";
    private static final String DOC_BOOTSTRAP = "localhost:9092";
    private static final int RECORDS = 5;
    private static final boolean WRITE = Boolean.getBoolean("typedjson.docs.write");

    // docs: begin
    static void writeOrders(String bootstrapServers) {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, TypedJsonSerializer.class);
        try (Producer<String, Object> producer = new KafkaProducer<>(config)) {
            producer.send(new ProducerRecord<>("orders", "order-1", order(1, (short) 3, "19.90", "a", "~b")));
            producer.send(new ProducerRecord<>("orders", "42", order(42, (short) 1, "5.00")));
            producer.send(new ProducerRecord<>("orders", "order-1", null)); // a tombstone: order-1 is gone
        }
        Map<String, Object> json = new HashMap<>(config);
        json.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (Producer<String, String> producer = new KafkaProducer<>(json)) {
            producer.send(new ProducerRecord<>("orders", "order-3", "null"));
            producer.send(new ProducerRecord<>("orders", "order-4", "{\"id\":4,\"qty\":\"~q3\"}"));
        }
    }

    static Map<String, Object> order(long id, short qty, String price, String... tags) {
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("id", id);
        order.put("qty", qty);
        order.put("price", new BigDecimal(price));
        order.put("at", Instant.parse("2026-12-01T09:30:00Z"));
        order.put("tags", List.of(tags));
        return order;
    }
    // docs: end

    @Test
    void theDocShowsTheCodeThatWroteTheTopic() throws IOException {
        String source = Files.readString(SOURCE);
        String region = source.substring(source.indexOf("// docs: begin\n") + "// docs: begin\n".length(),
                source.indexOf("    // docs: end"));
        List<String> code = new ArrayList<>();
        for (String line : region.split("\n", -1)) {
            code.add(line.startsWith("    ") ? line.substring(4) : line.strip()); // the doc drops the class indentation
        }
        code.remove(code.size() - 1); // after the last newline
        List<String> doc = Files.readAllLines(DOC);
        int[] block = blockAfter(doc, doc.indexOf("<!-- producer -->"), "```java");
        if (WRITE) {
            replace(doc, block, code);
            Files.write(DOC, doc);
        } else {
            assertEquals(String.join("\n", code), String.join("\n", doc.subList(block[0], block[1])),
                    "the doc's producer is not the code that writes the topic");
        }
    }

    @Test
    void everyCommandInTheDocPrintsWhatTheDocShows() throws Exception {
        List<String> doc = Files.readAllLines(DOC);
        List<Run> runs = runs(doc);
        assertEquals(5, runs.size(), "runs marked in the doc");
        Map<String, String> shell = new HashMap<>(); // variables set by earlier blocks, as in one shell session
        Run previous = null;
        List<Run> toRun = new ArrayList<>();
        for (Run run : runs) {
            Command c = Command.parse(run.command, shell);
            if (run.options.contains("java")) {
                assertNotNull(previous, "the java -cp form repeats the command before it");
                assertEquals("$CLASSPATH:$KAFKA_HOME/libs/*", c.javaClasspath, "java -cp form's class path");
                assertEquals(previous.args, c.args, "java -cp form's arguments");
                continue;
            }
            run.args = c.args;
            toRun.add(run);
            previous = run;
        }
        String classpath = shell.get("CLASSPATH");
        assertNotNull(classpath, "the doc exports CLASSPATH");
        assertNotNull(shell.get("TYPEDJSON"), "the doc names the checkout");
        List<String> twoJars = docClasspath(classpath.replace("$TYPEDJSON", ROOT.toString()));
        String kafkaJars = kafkaClasspath();

        Map<int[], List<String>> written = new HashMap<>(); // write mode: output block -> what was printed
        try (KafkaClusterTestKit kafka = OneBroker.start()) {
            String bootstrap = kafka.bootstrapServers();
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
                admin.createTopics(List.of(new NewTopic("orders", 1, (short) 1))).all().get(60, TimeUnit.SECONDS);
            }
            writeOrders(kafka.bootstrapServers());
            for (Run run : toRun) {
                boolean stderr = run.options.contains("stderr");
                String cp = run.options.contains("no CLASSPATH") ? kafkaJars
                        : String.join(File.pathSeparator, twoJars) + File.pathSeparator + kafkaJars;
                List<String> args = new ArrayList<>();
                for (String a : run.args) {
                    args.add(a.equals(DOC_BOOTSTRAP) ? kafka.bootstrapServers() : a);
                }
                if (!stderr) {
                    // the doc's user stops with Ctrl-C; the test stops after the topic's records
                    args.addAll(List.of("--max-messages", String.valueOf(RECORDS), "--timeout-ms", "60000"));
                }
                Result result = consoleConsumer(cp, args);
                List<String> shown = doc.subList(run.output[0], run.output[1]);
                if (stderr) {
                    assertNotEquals(0, result.exitCode, "the console consumer stops: " + result.stderr);
                    List<String> first = firstLinesOfUsage(result.stderr);
                    if (WRITE) {
                        written.put(run.output, first);
                    } else {
                        assertEquals(String.join("\n", shown), String.join("\n", first), "stderr of " + run.args);
                    }
                } else {
                    assertEquals(0, result.exitCode, "exit code; stderr:\n" + result.stderr);
                    List<String> lines = Arrays.asList(result.stdout.split("\n", -1));
                    assertEquals("", lines.get(lines.size() - 1), "stdout ends with a newline");
                    lines = lines.subList(0, lines.size() - 1);
                    assertEquals(RECORDS, lines.size(),
                            "one line a record:\n" + result.stdout + "\nstderr:\n" + result.stderr);
                    if (WRITE) {
                        written.put(run.output, lines);
                    } else {
                        assertEquals(String.join("\n", shown), String.join("\n", lines), "stdout of " + run.args
                                + " (after a deliberate change, rewrite the doc with -Dtypedjson.docs.write=true)");
                    }
                }
            }
        }
        if (WRITE) {
            written.entrySet().stream().sorted((a, b) -> b.getKey()[0] - a.getKey()[0]) // bottom up: positions hold
                    .forEach(e -> replace(doc, e.getKey(), e.getValue()));
            Files.write(DOC, doc);
        }
    }

    /** The first lines the console consumer printed to stderr, through the usage text's header, then "...". */
    private static List<String> firstLinesOfUsage(String stderr) {
        List<String> lines = new ArrayList<>();
        for (String line : stderr.split("\n", -1)) {
            lines.add(line.stripTrailing()); // joptsimple pads its columns; editors strip trailing spaces
            if (line.startsWith("------")) {
                break;
            }
        }
        assertTrue(lines.size() < 10 && lines.get(lines.size() - 1).startsWith("------"), "usage text:\n" + stderr);
        lines.add("...");
        return lines;
    }

    // ---- the doc's blocks

    private static final class Run {
        final String options;
        final List<String> command;
        final int[] output; // [from, to) lines of the output block, null for the java -cp form
        List<String> args;

        Run(String options, List<String> command, int[] output) {
            this.options = options;
            this.command = command;
            this.output = output;
        }
    }

    private static final Pattern RUN = Pattern.compile("<!-- run(?::\\s*(.*?))?\\s*-->");

    private static List<Run> runs(List<String> doc) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < doc.size(); i++) {
            Matcher m = RUN.matcher(doc.get(i).strip());
            if (!m.matches()) {
                continue;
            }
            String options = m.group(1) == null ? "" : m.group(1);
            int[] command = blockAfter(doc, i, "```bash");
            int[] output = options.contains("java") ? null : blockAfter(doc, command[1], "```text");
            runs.add(new Run(options, doc.subList(command[0], command[1]), output));
        }
        return runs;
    }

    /** Lines [from, to) inside the first block opened by {@code fence} after line {@code after}. */
    private static int[] blockAfter(List<String> doc, int after, String fence) {
        assertTrue(after >= 0, "marker not found");
        for (int i = after + 1; i < doc.size(); i++) {
            if (doc.get(i).equals(fence)) {
                for (int j = i + 1; j < doc.size(); j++) {
                    if (doc.get(j).equals("```")) {
                        return new int[] {i + 1, j};
                    }
                }
            }
        }
        throw new AssertionError("no " + fence + " block after line " + (after + 1));
    }

    private static void replace(List<String> doc, int[] block, List<String> lines) {
        List<String> tail = new ArrayList<>(doc.subList(block[1], doc.size()));
        doc.subList(block[0], doc.size()).clear();
        doc.addAll(lines);
        doc.addAll(tail);
    }

    // ---- a command line of the doc, parsed as a POSIX shell would (for what the doc uses)

    private static final class Command {
        List<String> args = List.of();
        String javaClasspath;

        static Command parse(List<String> block, Map<String, String> shell) {
            Command c = new Command();
            StringBuilder logical = new StringBuilder();
            for (String line : block) {
                if (line.endsWith("\\")) {
                    logical.append(line, 0, line.length() - 1).append(' ');
                    continue;
                }
                logical.append(line);
                List<String> words = words(logical.toString());
                logical.setLength(0);
                if (words.isEmpty()) {
                    continue;
                }
                if (words.get(0).equals("export")) {
                    words = words.subList(1, words.size());
                }
                if (words.size() == 1 && words.get(0).matches("[A-Z_]+=.*")) {
                    String w = words.get(0);
                    shell.put(w.substring(0, w.indexOf('=')), w.substring(w.indexOf('=') + 1));
                } else if (words.get(0).endsWith("/bin/kafka-console-consumer.sh")) {
                    c.args = words.subList(1, words.size());
                } else if (words.get(0).equals("java")) {
                    assertEquals("-cp", words.get(1));
                    c.javaClasspath = words.get(2);
                    assertEquals(CONSOLE_CONSUMER, words.get(3));
                    c.args = words.subList(4, words.size());
                } else {
                    fail("unexpected command in the doc: " + words);
                }
            }
            assertFalse(c.args.isEmpty(), "no console consumer command in " + block);
            return c;
        }

        /** Words of one command line: quotes removed, a # comment dropped; variables are left as written. */
        static List<String> words(String line) {
            List<String> words = new ArrayList<>();
            StringBuilder w = null;
            char quote = 0;
            for (int i = 0; i < line.length(); i++) {
                char ch = line.charAt(i);
                if (quote != 0) {
                    if (ch == quote) {
                        quote = 0;
                    } else {
                        w.append(ch);
                    }
                } else if (ch == '"' || ch == '\'') {
                    quote = ch;
                    w = w == null ? new StringBuilder() : w;
                } else if (Character.isWhitespace(ch)) {
                    if (w != null) {
                        words.add(w.toString());
                        w = null;
                    }
                } else if (ch == '#' && w == null) {
                    break;
                } else {
                    w = w == null ? new StringBuilder() : w;
                    w.append(ch);
                }
            }
            assertEquals(0, quote, "unclosed quote in " + line);
            if (w != null) {
                words.add(w.toString());
            }
            return words;
        }
    }

    // ---- class paths

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /**
     * The doc's CLASSPATH, the checkout being this one: exactly the serde jar of this version and the jackson-core jar
     * this build uses. Where the serde jar is not built yet (tests run before {@code package}), its classes directory
     * stands in for it.
     */
    private static List<String> docClasspath(String classpath) throws IOException, URISyntaxException {
        String[] entries = classpath.replace("$HOME", System.getProperty("user.home")).split(":");
        assertEquals(2, entries.length, "two jars: " + classpath);
        Path serde = Path.of(entries[0]);
        Path jackson = Path.of(entries[1]);
        Path serdeBuilt = location(TypedJsonMessageFormatter.class);
        Path jacksonUsed = location(JsonFactory.class);
        assertEquals("typedjson-serde-" + projectVersion() + ".jar", serde.getFileName().toString());
        assertEquals(ROOT.resolve("serde/target").resolve(serde.getFileName()), serde);
        assertEquals(jacksonUsed.getFileName().toString(), jackson.getFileName().toString(),
                "the doc's jackson-core is the one this build uses");
        return List.of((Files.exists(serde) ? serde : serdeBuilt).toString(),
                (Files.exists(jackson) ? jackson : jacksonUsed).toString());
    }

    /** Kafka's jars: this JVM's class path without the typedjson modules (their classes or jars). */
    private static String kafkaClasspath() {
        List<String> kafka = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath().normalize();
            if (entry.isEmpty() || p.startsWith(ROOT) || p.toString().contains(File.separator + "io" + File.separator
                    + "typedjson" + File.separator)) {
                continue;
            }
            kafka.add(p.toString());
        }
        assertTrue(kafka.stream().anyMatch(e -> e.contains("kafka-tools-")), "kafka-tools on the test class path");
        return String.join(File.pathSeparator, kafka);
    }

    private static Path location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static String projectVersion() throws IOException {
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        Matcher m = Pattern.compile("<artifactId>typedjson-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(m.find(), "version in pom.xml");
        return m.group(1);
    }

    // ---- the console consumer in a child JVM

    private record Result(int exitCode, String stdout, String stderr) {
    }

    private static Result consoleConsumer(String classpath, List<String> args)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("console-consumer");
        Path out = dir.resolve("stdout");
        Path err = dir.resolve("stderr");
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp", classpath,
                // slf4j-simple, on the test class path for the broker, logs to stderr; keep the consumer's INFO lines out
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", CONSOLE_CONSUMER));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                fail("the console consumer did not stop within 120 s; stderr:\n" + Files.readString(err));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            Files.deleteIfExists(dir);
        }
    }
}
