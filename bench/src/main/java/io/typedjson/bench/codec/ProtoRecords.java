package io.typedjson.bench.codec;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.typedjson.bench.data.Board;
import io.typedjson.bench.data.Change;
import io.typedjson.bench.data.Order;
import io.typedjson.bench.data.Row;
import io.typedjson.bench.data.Source;
import io.typedjson.bench.proto.Block;
import io.typedjson.bench.proto.NullableBool;
import io.typedjson.bench.proto.Position;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * protobuf as a Java application uses it with its own record classes: the generated builder filled from the record,
 * and the record built from the parsed message, written by hand as a protobuf user writes it. The speed targets
 * compare typedjson's class serde with this ("protobuf including the mapping to the record"), since both start and
 * end at the same Java record. bench.proto's conventions: a scale-2 decimal as unscaled two's-complement bytes,
 * an instant as epoch milliseconds, a date as epoch days.
 */
final class ProtoRecords {
    private ProtoRecords() {}

    /** The codec of the data set: record in, record out, the mapping timed with the encoding. */
    static BenchCodec<Object> codec(String dataset) {
        return switch (dataset) {
            case "orders" -> new Codec<>(ProtoRecords::orderBytes, ProtoRecords::order);
            case "rows" -> new Codec<>(ProtoRecords::rowBytes, ProtoRecords::row);
            case "cdc" -> new Codec<>(ProtoRecords::changeBytes, ProtoRecords::change);
            case "board" -> new Codec<>(ProtoRecords::boardBytes, ProtoRecords::board);
            default -> throw new IllegalArgumentException("no protobuf mapping for data set " + dataset);
        };
    }

    private interface Encoder<R> {
        byte[] encode(R record);
    }

    private interface Decoder<R> {
        R decode(byte[] bytes) throws InvalidProtocolBufferException;
    }

    private record Codec<R>(Encoder<R> encoder, Decoder<R> decoder) implements BenchCodec<Object> {
        @Override
        public String name() {
            return "protobuf-record";
        }

        @Override
        public String settings() {
            return "protobuf-java generated classes, the builder filled from the Java record and the record built from "
                    + "the parsed message by hand-written code (timed)";
        }

        @Override
        public Object prepare(Object record) {
            return record;
        }

        @Override
        @SuppressWarnings("unchecked")
        public byte[] encode(Object value) {
            return encoder.encode((R) value);
        }

        @Override
        public Object decode(byte[] bytes) {
            try {
                return decoder.decode(bytes);
            } catch (InvalidProtocolBufferException e) {
                throw new IllegalArgumentException(e);
            }
        }

        @Override
        public Object toRecord(Object decoded) {
            return decoded;
        }
    }

    // ------------------------------------------------------------------ orders

    private static byte[] orderBytes(Order o) {
        return io.typedjson.bench.proto.Order.newBuilder().setId(o.id()).setName(o.name()).setStatus(o.status())
                .setAmount(o.amount()).addAllTags(o.tags()).setTs(o.ts()).build().toByteArray();
    }

    private static Order order(byte[] bytes) throws InvalidProtocolBufferException {
        io.typedjson.bench.proto.Order m = io.typedjson.bench.proto.Order.parseFrom(bytes);
        return new Order(m.getId(), m.getName(), m.getStatus(), m.getAmount(), List.copyOf(m.getTagsList()), m.getTs());
    }

    // ------------------------------------------------------------------ rows

    private static byte[] rowBytes(Row r) {
        return rowMessage(r).toByteArray();
    }

    private static Row row(byte[] bytes) throws InvalidProtocolBufferException {
        return row(io.typedjson.bench.proto.Row.parseFrom(bytes));
    }

    private static io.typedjson.bench.proto.Row rowMessage(Row r) {
        io.typedjson.bench.proto.Row.Builder b = io.typedjson.bench.proto.Row.newBuilder().setId(r.id())
                .setCustomerId(r.customerId()).setQty(r.qty())
                .setPrice(ByteString.copyFrom(r.price().setScale(2).unscaledValue().toByteArray()))
                .setCreated(r.created().toEpochMilli()).setActive(r.active()).setScore(r.score());
        if (r.shipDate() != null) {
            b.setShipDate((int) r.shipDate().toEpochDay());
        }
        if (r.note() != null) {
            b.setNote(r.note());
        }
        if (r.payload() != null) {
            b.setPayload(ByteString.copyFrom(r.payload()));
        }
        return b.build();
    }

    private static Row row(io.typedjson.bench.proto.Row m) {
        return new Row(m.getId(), m.getCustomerId(), (short) m.getQty(),
                new BigDecimal(new BigInteger(m.getPrice().toByteArray()), 2), Instant.ofEpochMilli(m.getCreated()),
                m.hasShipDate() ? LocalDate.ofEpochDay(m.getShipDate()) : null, m.hasNote() ? m.getNote() : null,
                m.getActive(), m.getScore(), m.hasPayload() ? m.getPayload().toByteArray() : null);
    }

    // ------------------------------------------------------------------ cdc

    private static byte[] changeBytes(Change c) {
        Source s = c.source();
        io.typedjson.bench.proto.Source.Builder source = io.typedjson.bench.proto.Source.newBuilder()
                .setVersion(s.version()).setConnector(s.connector()).setName(s.name()).setTsMs(s.tsMs()).setDb(s.db())
                .setTable(s.table()).setServerId(s.serverId()).setFile(s.file()).setPos(s.pos()).setRow(s.row());
        if (s.snapshot() != null) {
            source.setSnapshot(s.snapshot());
        }
        io.typedjson.bench.proto.Change.Builder b = io.typedjson.bench.proto.Change.newBuilder().setSource(source)
                .setOp(c.op()).setTsMs(c.tsMs());
        if (c.before() != null) {
            b.setBefore(rowMessage(c.before()));
        }
        if (c.after() != null) {
            b.setAfter(rowMessage(c.after()));
        }
        return b.build().toByteArray();
    }

    private static Change change(byte[] bytes) throws InvalidProtocolBufferException {
        io.typedjson.bench.proto.Change m = io.typedjson.bench.proto.Change.parseFrom(bytes);
        io.typedjson.bench.proto.Source s = m.getSource();
        Source source = new Source(s.getVersion(), s.getConnector(), s.getName(), s.getTsMs(),
                s.hasSnapshot() ? s.getSnapshot() : null, s.getDb(), s.getTable(), s.getServerId(), s.getFile(),
                s.getPos(), s.getRow());
        return new Change(m.hasBefore() ? row(m.getBefore()) : null, m.hasAfter() ? row(m.getAfter()) : null, source,
                m.getOp(), m.getTsMs());
    }

    // ------------------------------------------------------------------ board

    private static byte[] boardBytes(Board board) {
        io.typedjson.bench.proto.Board.Builder b = io.typedjson.bench.proto.Board.newBuilder()
                .setTs(board.ts().toEpochMilli());
        for (Board.Block block : board.blocks()) {
            Block.Builder bb = Block.newBuilder().addAllLabels(block.labels()).addAllValues(block.values())
                    .addAllCounts(block.counts()).setNote(block.note())
                    .setPosition(Position.newBuilder().setX(block.position().x()).setY(block.position().y()));
            for (Boolean flag : block.flags()) {
                NullableBool.Builder nb = NullableBool.newBuilder();
                if (flag != null) {
                    nb.setValue(flag);
                }
                bb.addFlags(nb);
            }
            b.addBlocks(bb);
        }
        return b.build().toByteArray();
    }

    private static Board board(byte[] bytes) throws InvalidProtocolBufferException {
        io.typedjson.bench.proto.Board m = io.typedjson.bench.proto.Board.parseFrom(bytes);
        List<Board.Block> blocks = new ArrayList<>(m.getBlocksCount());
        for (Block b : m.getBlocksList()) {
            List<Boolean> flags = new ArrayList<>(b.getFlagsCount());
            for (NullableBool f : b.getFlagsList()) {
                flags.add(f.hasValue() ? f.getValue() : null);
            }
            blocks.add(new Board.Block(List.copyOf(b.getLabelsList()), List.copyOf(b.getValuesList()),
                    List.copyOf(b.getCountsList()), flags, b.getNote(),
                    new Board.Position(b.getPosition().getX(), b.getPosition().getY())));
        }
        return new Board(Instant.ofEpochMilli(m.getTs()), blocks);
    }
}
