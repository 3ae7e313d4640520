package io.typedjson.bench.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;

import io.typedjson.bench.codec.BenchCodec;

/** Small codecs and data of the tests' own, so the cluster tests do not depend on the bench's data sets. */
final class TestCodecs {
    private TestCodecs() {}

    /** A test record: a few fields of the kinds that codecs get wrong. */
    record Item(long id, String name, double amount, List<String> tags) {}

    static List<Item> items(int count, long seed) {
        Random r = new Random(seed);
        List<Item> out = new ArrayList<>(count);
        String[] words = {"alpha", "βeta", "gamma 😀", "~tilde", "", "quote\"d"};
        for (int i = 0; i < count; i++) {
            int n = r.nextInt(4);
            List<String> tags = new ArrayList<>(n);
            for (int k = 0; k < n; k++) {
                tags.add(words[r.nextInt(words.length)]);
            }
            double amount = switch (i % 50) {
                case 7 -> Double.NaN;
                case 8 -> -0.0;
                case 9 -> Double.POSITIVE_INFINITY;
                default -> Math.round(r.nextDouble() * 100_000) / 100.0;
            };
            out.add(new Item(i * 7_919L + (1L << 53), "item-" + i, amount, List.copyOf(tags)));
        }
        return out;
    }

    /** Binary, exact: writes every field as Java's DataOutput does. */
    static final class BinaryCodec implements BenchCodec<Item> {
        @Override
        public String name() {
            return "test-binary";
        }

        @Override
        public Item prepare(Object record) {
            return (Item) record;
        }

        @Override
        public byte[] encode(Item v) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeLong(v.id());
                out.writeUTF(v.name());
                out.writeDouble(v.amount());
                out.writeByte(v.tags().size());
                for (String t : v.tags()) {
                    out.writeUTF(t);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        @Override
        public Item decode(byte[] b) {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(b))) {
                long id = in.readLong();
                String name = in.readUTF();
                double amount = in.readDouble();
                int n = in.readByte();
                List<String> tags = new ArrayList<>(n);
                for (int k = 0; k < n; k++) {
                    tags.add(in.readUTF());
                }
                return new Item(id, name, amount, List.copyOf(tags));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Text, exact: one line of tab-separated fields, doubles as their bits in hex. */
    static final class TextCodec implements BenchCodec<Item> {
        @Override
        public String name() {
            return "test-text";
        }

        @Override
        public Item prepare(Object record) {
            return (Item) record;
        }

        @Override
        public byte[] encode(Item v) {
            StringBuilder sb = new StringBuilder();
            sb.append(v.id()).append('\t').append(v.name()).append('\t')
                    .append(Long.toHexString(Double.doubleToRawLongBits(v.amount())));
            for (String t : v.tags()) {
                sb.append('\t').append(t);
            }
            return sb.toString().getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public Item decode(byte[] b) {
            String[] f = new String(b, StandardCharsets.UTF_8).split("\t", -1);
            List<String> tags = new ArrayList<>();
            for (int k = 3; k < f.length; k++) {
                tags.add(f[k]);
            }
            return new Item(Long.parseLong(f[0]), f[1], Double.longBitsToDouble(Long.parseUnsignedLong(f[2], 16)),
                    List.copyOf(tags));
        }
    }

    /** Deliberately broken: like JSON through a double, it loses the low bits of ids beyond 2^53. */
    static final class LossyCodec implements BenchCodec<Item> {
        private final BinaryCodec inner = new BinaryCodec();

        @Override
        public String name() {
            return "test-lossy";
        }

        @Override
        public Item prepare(Object record) {
            return (Item) record;
        }

        @Override
        public byte[] encode(Item v) {
            return inner.encode(new Item((long) (double) v.id(), v.name(), v.amount(), v.tags()));
        }

        @Override
        public Item decode(byte[] b) {
            return inner.decode(b);
        }
    }

    /** Null when equal; doubles compared by their bits, so NaN equals NaN and -0.0 differs from 0.0. */
    static String firstDifference(Object expected, Object actual) {
        if (expected instanceof Item e && actual instanceof Item a) {
            if (e.id() != a.id()) return "id " + e.id() + " became " + a.id();
            if (!e.name().equals(a.name())) return "name " + e.name() + " became " + a.name();
            if (Double.doubleToRawLongBits(e.amount()) != Double.doubleToRawLongBits(a.amount())) {
                return "amount " + e.amount() + " became " + a.amount();
            }
            if (!e.tags().equals(a.tags())) return "tags " + e.tags() + " became " + a.tags();
            return null;
        }
        return Objects.equals(expected, actual) ? null : expected + " became " + actual;
    }

    /** Sources for {@link ClusterCommand#run(String[], java.io.PrintStream, java.io.PrintStream,
     * ClusterCommand.Sources)}. */
    static ClusterCommand.Sources sources(BenchCodec<?>... codecs) {
        return new ClusterCommand.Sources() {
            @Override
            public List<?> records(String dataset, int count, long seed) {
                return items(count, seed);
            }

            @Override
            public List<BenchCodec<?>> codecs(String dataset) {
                return List.of(codecs);
            }

            @Override
            public String firstDifference(Object expected, Object actual) {
                return TestCodecs.firstDifference(expected, actual);
            }
        };
    }
}
