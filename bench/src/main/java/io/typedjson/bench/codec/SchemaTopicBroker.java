package io.typedjson.bench.codec;

import io.typedjson.bench.cluster.LocalKafka;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The broker that holds the schema topic of the codecs that need one ({@link Codecs#REFERENCE}) when the bench runs
 * without a cluster of its own (the report, the speed command, JMH's forks): one {@link LocalKafka} child JVM per
 * process, started at the first record such a codec writes, so a run that measures no such codec starts nothing.
 * {@link #stop()} closes those codecs' clients, then the broker; LocalKafka's shutdown hook stops it if nobody does.
 */
public final class SchemaTopicBroker {
    private static LocalKafka broker;
    private static final List<AutoCloseable> CLIENTS = new ArrayList<>();

    private SchemaTopicBroker() {}

    /** The broker's address, after starting it if this is the first call. */
    public static synchronized String bootstrapServers() {
        if (broker == null) {
            System.out.println("starting a local Kafka broker (child JVM) for the schema topic of "
                    + Codecs.REFERENCE + "...");
            try {
                broker = LocalKafka.start();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the local broker that " + Codecs.REFERENCE
                        + " needs for its schema topic", e);
            }
        }
        return broker.bootstrapServers();
    }

    /** Whether the broker was started (and not stopped since). */
    public static synchronized boolean started() {
        return broker != null;
    }

    /** A codec's Kafka clients, closed by {@link #stop()} before the broker goes. */
    static synchronized void register(AutoCloseable clients) {
        CLIENTS.add(clients);
    }

    /** Closes the registered clients and stops the broker; nothing when it was never started. */
    public static synchronized void stop() {
        for (AutoCloseable c : CLIENTS) {
            try {
                c.close();
            } catch (Exception e) {
                System.err.println("closing the clients of " + Codecs.REFERENCE + ": " + e);
            }
        }
        CLIENTS.clear();
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }
}
