package io.typedjson.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * docker-compose.yml cannot be run here (no Docker engine), so it is read: services, image, ports, listeners and
 * advertised listeners, KRaft settings, the Connect worker's configuration, the plugin mount and the converter.
 * Where a {@code docker-compose} (v1) or {@code docker compose} binary exists, {@code config -q} validates it too.
 */
class DockerComposeFileTest {

    private static final String CONVERTER = "io.typedjson.connect.TypedJsonConverter";

    private static Path root;
    private static Map<String, Object> compose;
    private static Map<String, Object> kafka;
    private static Map<String, Object> connect;
    private static Map<String, String> kafkaEnv;

    @BeforeAll
    static void read() throws IOException {
        root = repositoryRoot();
        compose = load(root.resolve("docker-compose.yml"));
        Map<String, Object> services = map(compose.get("services"), "services");
        kafka = map(services.get("kafka"), "services.kafka");
        connect = map(services.get("connect"), "services.connect");
        kafkaEnv = environment(kafka);
    }

    @Test
    void bothServicesRunTheOfficialApacheKafkaImageOfOneVersion() {
        String image = (String) kafka.get("image");
        Matcher m = Pattern.compile("apache/kafka:(\\d+)\\.(\\d+)\\.(\\d+)").matcher(image);
        assertTrue(m.matches(), "an official, pinned apache/kafka image: " + image);
        assertTrue(Integer.parseInt(m.group(1)) >= 4, "Kafka 4 or later (KRaft only): " + image);
        assertEquals(image, connect.get("image"), "the Connect worker runs the same image");
        assertEquals(image, TestcontainersKafkaIT.IMAGE, "the Testcontainers test runs the image of this file");
    }

    /**
     * The image is of the project's Kafka release ({@code kafka.version}) or of {@code kafka.image.version}, an exception
     * the parent pom names once with its reason: a comment saying that {@code apache/kafka:<kafka.version>} was not
     * found. Moving kafka.version without looking for its image fails here.
     */
    @Test
    void theImageFollowsTheKafkaVersionOfTheParentPomOrItsNamedException() throws IOException {
        String pom = Files.readString(root.resolve("pom.xml"), StandardCharsets.UTF_8);
        String kafkaVersion = pomProperty(pom, "kafka.version");
        String imageVersion = Optional.ofNullable(pomProperty(pom, "kafka.image.version")).orElse(kafkaVersion);
        assertNotNull(kafkaVersion, "kafka.version in pom.xml");
        assertEquals("apache/kafka:" + imageVersion, kafka.get("image"));
        if (!imageVersion.equals(kafkaVersion)) {
            Matcher reason = Pattern.compile("<!--((?:(?!-->).)*)-->\\s*<kafka\\.image\\.version>", Pattern.DOTALL)
                    .matcher(pom);
            assertTrue(reason.find() && reason.group(1).contains("apache/kafka:" + kafkaVersion),
                    "kafka.image.version differs from kafka.version " + kafkaVersion + ": the comment before it says why"
                            + " there is no apache/kafka:" + kafkaVersion + " image");
            assertTrue(compareVersions(imageVersion, kafkaVersion) < 0,
                    "the exception is an older release, for want of an image of " + kafkaVersion + ": " + imageVersion);
        }
    }

    private static String pomProperty(String pom, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</" + Pattern.quote(name) + ">").matcher(pom);
        return m.find() ? m.group(1).trim() : null;
    }

    private static int compareVersions(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Integer.compare(i < x.length ? Integer.parseInt(x[i]) : 0, i < y.length ? Integer.parseInt(y[i]) : 0);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    @Test
    void theBrokerIsOneKraftNodeWithReplicationFactorOne() {
        assertEquals(List.of("broker", "controller"), sorted(split(kafkaEnv.get("KAFKA_PROCESS_ROLES"))));
        String nodeId = kafkaEnv.get("KAFKA_NODE_ID");
        assertNotNull(nodeId);
        Map<String, Endpoint> listeners = listeners(kafkaEnv.get("KAFKA_LISTENERS"));
        String controllerName = kafkaEnv.get("KAFKA_CONTROLLER_LISTENER_NAMES");
        Endpoint controller = listeners.get(controllerName);
        assertNotNull(controller, "the controller listener is one of KAFKA_LISTENERS");
        assertEquals(nodeId + "@" + hostname(kafka, "kafka") + ":" + controller.port,
                kafkaEnv.get("KAFKA_CONTROLLER_QUORUM_VOTERS"), "the only voter is this node, on its controller port");
        assertTrue(kafkaEnv.get("KAFKA_CONTROLLER_QUORUM_VOTERS").startsWith(nodeId + "@"));
        byte[] clusterId = Base64.getUrlDecoder().decode(kafkaEnv.get("CLUSTER_ID"));
        assertEquals(16, clusterId.length, "CLUSTER_ID is a base64 UUID as kafka-storage.sh random-uuid prints");
        for (String rf : List.of("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR",
                "KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", "KAFKA_TRANSACTION_STATE_LOG_MIN_ISR",
                "KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR")) {
            assertEquals("1", kafkaEnv.get(rf), rf + " on a one-broker cluster");
        }
        assertTrue(kafkaEnv.keySet().stream().noneMatch(k -> k.contains("ZOOKEEPER")), "no ZooKeeper");
    }

    @Test
    void listenersAdvertisedListenersAndPortsAgree() {
        Map<String, Endpoint> listeners = listeners(kafkaEnv.get("KAFKA_LISTENERS"));
        Map<String, Endpoint> advertised = listeners(kafkaEnv.get("KAFKA_ADVERTISED_LISTENERS"));
        Map<String, String> protocols = new LinkedHashMap<>();
        for (String pair : split(kafkaEnv.get("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP"))) {
            String[] kv = pair.split(":");
            protocols.put(kv[0], kv[1]);
        }
        assertEquals(listeners.keySet(), protocols.keySet(), "every listener has a security protocol, and only they");
        assertTrue(listeners.keySet().containsAll(advertised.keySet()), "advertised listeners are listeners");
        String controllerName = kafkaEnv.get("KAFKA_CONTROLLER_LISTENER_NAMES");
        assertTrue(!advertised.containsKey(controllerName), "clients are not sent to the controller listener");
        String interBroker = kafkaEnv.get("KAFKA_INTER_BROKER_LISTENER_NAME");
        assertTrue(advertised.containsKey(interBroker), "the inter-broker listener is advertised");

        Map<Integer, Integer> published = publishedPorts(kafka);
        // the host reaches the broker at localhost:9092, published from the container port of that listener
        Endpoint host = advertised.values().stream().filter(e -> e.host.equals("localhost")).findFirst()
                .orElseThrow(() -> new AssertionError("a listener advertised as localhost for the host"));
        assertEquals(9092, host.port, "the host's bootstrap server is localhost:9092");
        assertEquals(listeners.get(host.name).port, published.get(host.port),
                "localhost:" + host.port + " is published to that listener's port in the container");
        // other containers reach it by its service name, on a port that is not published
        Endpoint internal = advertised.get(interBroker);
        assertEquals(hostname(kafka, "kafka"), internal.host, "containers reach the broker by its name");
        assertEquals(listeners.get(interBroker).port, internal.port);
        assertTrue(!published.containsValue(listeners.get(controllerName).port), "the controller port stays inside");
        for (Map.Entry<String, Endpoint> e : advertised.entrySet()) {
            assertEquals(listeners.get(e.getKey()).port, e.getValue().port,
                    e.getKey() + ": advertised on the port it listens on");
        }
    }

    /** The "cluster" profile: three nodes of one KRaft quorum, with the settings of {@code cluster --brokers 3}. */
    @Test
    void theClusterProfileIsThreeKraftNodesOfOneQuorumReplicatingThreeTimes() {
        Map<String, Object> services = map(compose.get("services"), "services");
        Map<String, Map<String, Object>> nodes = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : services.entrySet()) {
            Object profiles = map(e.getValue(), e.getKey()).get("profiles");
            if (profiles != null && ((List<?>) profiles).contains("cluster")) {
                nodes.put(e.getKey(), map(e.getValue(), e.getKey()));
            }
        }
        assertEquals(List.of("kafka-1", "kafka-2", "kafka-3"), List.copyOf(nodes.keySet()),
                "three nodes in the cluster profile");
        // the single broker and the worker carry no profile: `docker compose up` starts them as before
        assertEquals(null, kafka.get("profiles"));
        assertEquals(null, connect.get("profiles"));

        List<String> voters = new ArrayList<>();
        java.util.Set<String> nodeIds = new java.util.TreeSet<>();
        java.util.Set<Integer> hostPorts = new java.util.TreeSet<>();
        String clusterId = null;
        String quorum = null;
        for (Map.Entry<String, Map<String, Object>> e : nodes.entrySet()) {
            Map<String, Object> node = e.getValue();
            Map<String, String> env = environment(node);
            assertEquals(kafka.get("image"), node.get("image"), "one image for every broker");
            assertEquals(List.of("broker", "controller"), sorted(split(env.get("KAFKA_PROCESS_ROLES"))));
            nodeIds.add(env.get("KAFKA_NODE_ID"));
            clusterId = clusterId == null ? env.get("CLUSTER_ID") : clusterId;
            assertEquals(clusterId, env.get("CLUSTER_ID"), e.getKey() + ": one cluster id");
            quorum = quorum == null ? env.get("KAFKA_CONTROLLER_QUORUM_VOTERS") : quorum;
            assertEquals(quorum, env.get("KAFKA_CONTROLLER_QUORUM_VOTERS"), e.getKey() + ": one quorum");
            Endpoint controller = listeners(env.get("KAFKA_LISTENERS")).get(env.get("KAFKA_CONTROLLER_LISTENER_NAMES"));
            assertNotNull(controller, e.getKey() + ": a controller listener");
            voters.add(env.get("KAFKA_NODE_ID") + "@" + hostname(node, e.getKey()) + ":" + controller.port);
            for (String rf : List.of("KAFKA_DEFAULT_REPLICATION_FACTOR", "KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR",
                    "KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR",
                    "KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR")) {
                assertEquals(Integer.toString(BrokerConfig.replicationFactor(3)), env.get(rf), e.getKey() + ": " + rf);
            }
            for (String isr : List.of("KAFKA_MIN_INSYNC_REPLICAS", "KAFKA_TRANSACTION_STATE_LOG_MIN_ISR",
                    "KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR")) {
                assertEquals(Integer.toString(BrokerConfig.minInsyncReplicas(3)), env.get(isr), e.getKey() + ": " + isr);
            }
            assertTrue(env.get("KAFKA_HEAP_OPTS").contains("-Xmx512m"), "the heap of a local cluster node");
            assertTrue(env.keySet().stream().noneMatch(k -> k.contains("ZOOKEEPER")), "no ZooKeeper");
            hostPorts.add(checkListeners(node, e.getKey(), env));
        }
        assertEquals(java.util.Set.of("1", "2", "3"), nodeIds, "distinct node ids");
        assertEquals(String.join(",", voters), quorum, "every node is a voter, on its controller listener");
        assertEquals(16, Base64.getUrlDecoder().decode(clusterId).length, "CLUSTER_ID is a base64 UUID");
        assertNotEquals(kafkaEnv.get("CLUSTER_ID"), clusterId, "a cluster of its own, not the single broker's");
        assertEquals(3, hostPorts.size(), "each node on a host port of its own");
        assertTrue(!hostPorts.contains(9092), "the single broker keeps localhost:9092");
    }

    /**
     * Listeners, advertised listeners and published ports of one broker agree: the host reaches it at
     * localhost:PORT, containers at its hostname, the controller port stays inside. Returns the host port.
     */
    private static int checkListeners(Map<String, Object> service, String name, Map<String, String> env) {
        Map<String, Endpoint> listeners = listeners(env.get("KAFKA_LISTENERS"));
        Map<String, Endpoint> advertised = listeners(env.get("KAFKA_ADVERTISED_LISTENERS"));
        Map<String, String> protocols = new LinkedHashMap<>();
        for (String pair : split(env.get("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP"))) {
            String[] kv = pair.split(":");
            protocols.put(kv[0], kv[1]);
        }
        assertEquals(listeners.keySet(), protocols.keySet(), name + ": every listener has a security protocol");
        assertTrue(listeners.keySet().containsAll(advertised.keySet()), name + ": advertised listeners are listeners");
        String controllerName = env.get("KAFKA_CONTROLLER_LISTENER_NAMES");
        assertTrue(!advertised.containsKey(controllerName), name + ": clients are not sent to the controller");
        String interBroker = env.get("KAFKA_INTER_BROKER_LISTENER_NAME");
        Endpoint internal = advertised.get(interBroker);
        assertNotNull(internal, name + ": the inter-broker listener is advertised");
        assertEquals(hostname(service, name), internal.host, name + ": containers reach the broker by its name");
        Map<Integer, Integer> published = publishedPorts(service);
        Endpoint host = advertised.values().stream().filter(e -> e.host.equals("localhost")).findFirst()
                .orElseThrow(() -> new AssertionError(name + ": a listener advertised as localhost"));
        assertEquals(listeners.get(host.name).port, published.get(host.port),
                name + ": localhost:" + host.port + " is published to that listener's port");
        assertTrue(!published.containsValue(listeners.get(controllerName).port), name + ": controller port inside");
        for (Map.Entry<String, Endpoint> e : advertised.entrySet()) {
            assertEquals(listeners.get(e.getKey()).port, e.getValue().port, name + ": " + e.getKey());
        }
        return host.port;
    }

    @Test
    void theConnectWorkerUsesTheTypedJsonConverterFromTheMountedPlugin() throws IOException {
        Map<?, ?> dependsOn = connect.get("depends_on") instanceof Map<?, ?> m ? m : Map.of();
        assertTrue(dependsOn.containsKey("kafka") || String.valueOf(connect.get("depends_on")).contains("kafka"),
                "the worker starts after the broker");
        assertEquals(8083, publishedPorts(connect).get(8083), "the REST API on localhost:8083");

        @SuppressWarnings("unchecked")
        List<String> command = (List<String>) connect.get("command");
        assertNotNull(command, "the worker overrides the image's broker command");
        assertTrue(command.get(0).endsWith("/connect-distributed.sh"), command.toString());
        String configInContainer = command.get(1);
        Map<String, String> mounts = volumes(connect);
        String configOnHost = mounts.get(configInContainer);
        assertNotNull(configOnHost, "the worker's configuration is mounted: " + mounts);
        Properties worker = new Properties();
        try (Reader r = Files.newBufferedReader(root.resolve(configOnHost), StandardCharsets.UTF_8)) {
            worker.load(r);
        }

        Map<String, Endpoint> advertised = listeners(kafkaEnv.get("KAFKA_ADVERTISED_LISTENERS"));
        Endpoint internal = advertised.get(kafkaEnv.get("KAFKA_INTER_BROKER_LISTENER_NAME"));
        assertEquals(internal.host + ":" + internal.port, worker.getProperty("bootstrap.servers"),
                "the worker uses the broker's listener for containers");
        assertEquals(CONVERTER, worker.getProperty("value.converter"));
        for (String topic : List.of("config", "offset", "status")) {
            assertNotNull(worker.getProperty(topic + ".storage.topic"));
            assertEquals("1", worker.getProperty(topic + ".storage.replication.factor"), topic);
        }

        // the plugin directory built by the connect-converter module is one plugin under plugin.path
        String pluginTarget = null;
        for (Map.Entry<String, String> e : mounts.entrySet()) {
            if (Path.of(e.getValue()).normalize().equals(Path.of("connect-converter/target/plugin"))) {
                pluginTarget = e.getKey();
            }
        }
        assertNotNull(pluginTarget, "./connect-converter/target/plugin is mounted: " + mounts);
        List<String> pluginPath = split(worker.getProperty("plugin.path"));
        Path parent = Path.of(pluginTarget).getParent();
        assertTrue(pluginPath.contains(parent.toString()),
                "plugin.path " + pluginPath + " names the directory holding the plugin " + pluginTarget);
        assertTrue(!pluginPath.contains(pluginTarget),
                "the plugin's own directory is not on plugin.path, or each of its jars would be a plugin of its own");

        // the file connectors of the sample connector are named with the image's version
        String version = ((String) kafka.get("image")).substring("apache/kafka:".length());
        assertTrue(pluginPath.contains("/opt/kafka/libs/connect-file-" + version + ".jar"), pluginPath.toString());
    }

    @Test
    void theSampleConnectorConfigurationUsesTheConverter() throws IOException {
        Path file = root.resolve("connect-converter/docker/connectors/typedjson-file-sink.json");
        Map<String, Object> connector = load(file); // JSON is read by the YAML parser
        assertNotNull(connector.get("name"));
        Map<String, Object> config = map(connector.get("config"), "config");
        assertEquals(CONVERTER, config.get("value.converter"));
        assertEquals("org.apache.kafka.connect.file.FileStreamSinkConnector", config.get("connector.class"));
        assertNotNull(config.get("topics"));
        for (Object v : config.values()) {
            assertTrue(v instanceof String, "Connect's REST API takes string values: " + v);
        }
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void dockerComposeAcceptsTheFileWhereItIsInstalled() throws Exception {
        List<String> cmd = null;
        if (onPath("docker-compose").isPresent()) {
            cmd = List.of(onPath("docker-compose").get().toString(), "-f", "docker-compose.yml", "config", "-q");
        } else if (onPath("docker").isPresent() && exitCode(List.of("docker", "compose", "version")) == 0) {
            cmd = List.of("docker", "compose", "-f", "docker-compose.yml", "config", "-q");
        }
        assumeTrue(cmd != null, "neither docker-compose nor docker compose is installed");
        Process p = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(50, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), cmd + ":\n" + output);
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    record Endpoint(String name, String host, int port) {}

    static Map<String, Endpoint> listeners(String spec) {
        assertNotNull(spec);
        Map<String, Endpoint> out = new LinkedHashMap<>();
        for (String l : split(spec)) {
            Matcher m = Pattern.compile("([A-Z_]+)://([^:]*):(\\d+)").matcher(l);
            assertTrue(m.matches(), "listener " + l);
            out.put(m.group(1), new Endpoint(m.group(1), m.group(2), Integer.parseInt(m.group(3))));
        }
        return out;
    }

    private static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        for (String part : s.split(",")) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        return out;
    }

    private static List<String> sorted(List<String> l) {
        List<String> c = new ArrayList<>(l);
        c.sort(null);
        return c;
    }

    private static String hostname(Map<String, Object> service, String serviceName) {
        Object h = service.get("hostname");
        return h == null ? serviceName : h.toString();
    }

    /** host port -> container port, from short syntax "H:C" entries. */
    private static Map<Integer, Integer> publishedPorts(Map<String, Object> service) {
        Map<Integer, Integer> out = new LinkedHashMap<>();
        Object ports = service.get("ports");
        if (ports instanceof List<?> list) {
            for (Object p : list) {
                String[] parts = p.toString().split(":");
                assertEquals(2, parts.length, "ports as \"host:container\": " + p);
                out.put(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
            }
        }
        return out;
    }

    /** container path -> host path (relative to the repository root), from short syntax volumes. */
    private static Map<String, String> volumes(Map<String, Object> service) {
        Map<String, String> out = new LinkedHashMap<>();
        Object volumes = service.get("volumes");
        if (volumes instanceof List<?> list) {
            for (Object v : list) {
                String[] parts = v.toString().split(":");
                assertTrue(parts.length >= 2, "volume " + v);
                out.put(parts[1], parts[0]);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> environment(Map<String, Object> service) {
        Map<String, String> out = new LinkedHashMap<>();
        Object env = service.get("environment");
        if (env instanceof Map<?, ?> m) {
            ((Map<String, Object>) m).forEach((k, v) -> out.put(k, v == null ? null : v.toString()));
        } else if (env instanceof List<?> l) {
            for (Object e : l) {
                String[] kv = e.toString().split("=", 2);
                out.put(kv[0], kv.length > 1 ? kv[1] : null);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        assertTrue(o instanceof Map, what + " is a mapping");
        return (Map<String, Object>) o;
    }

    private static Map<String, Object> load(Path file) throws IOException {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return map(new Yaml(new SafeConstructor(options)).load(r), file.toString());
        }
    }

    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("docker-compose.yml"))) {
            dir = dir.getParent();
        }
        assertNotNull(dir, "docker-compose.yml at the repository root");
        return dir;
    }

    private static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String d : path.split(File.pathSeparator)) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static int exitCode(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(20, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
