package io.typedjson.bench.data;

import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;

/**
 * A benchmark data set: its canonical Java records and the two other shapes the codecs start from,
 * a Connect Struct and a map of the typedjson dynamic model (narrow types kept: Short, Integer, BigDecimal, Instant, byte[]).
 */
public interface Dataset<R> {

    String name();

    Class<R> recordClass();

    /** {@code count} records, the same for the same seed. */
    List<R> generate(int count, long seed);

    Schema connectSchema();

    Struct toStruct(R record);

    R fromStruct(Struct struct);

    Map<String, Object> toMap(R record);
}
