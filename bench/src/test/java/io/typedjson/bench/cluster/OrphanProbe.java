package io.typedjson.bench.cluster;

/** A JVM that starts a broker, says where it is and waits to be killed; see LocalKafkaRoundTripIT. */
public final class OrphanProbe {
    private OrphanProbe() {}

    public static void main(String[] args) throws Exception {
        LocalKafka kafka = LocalKafka.start();
        System.out.println("READY " + kafka.pid() + " " + kafka.directory());
        System.out.flush();
        Thread.sleep(300_000);
    }
}
