package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonWriter;
import io.typedjson.format.internal.Lexemes;
import io.typedjson.format.internal.Tags;
import java.math.BigInteger;
import java.util.Map;

/** {@code BigInteger}: a plain integer lexeme; in the dynamic model {@code ~n} within int64, plain beyond it. */
final class BigIntegerType extends ScalarType {
    BigIntegerType() {
        super(BigInteger.class, Tags.BIG_INTEGER, true, false, "bigint", "an integer", JsonSchemaFragments.INTEGER,
                JsonSchemaFragments.INT64);
    }

    @Override public void write(JsonWriter out, Object v) { out.writeNumber((BigInteger) v); }
    @Override public Object read(JsonReader in) { return Lexemes.readBigInteger(in); }
    @Override public Object parseKey(String s) { return new BigInteger(s); }

    @Override
    public void writeDynamic(JsonWriter out, Object v) {
        BigInteger b = (BigInteger) v;
        if (b.bitLength() > 63) { // beyond int64 the plain lexeme says BigInteger
            out.writeNumber(b);
        } else {
            writeTagged(out, b.toString());
        }
    }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        return BigInteger.valueOf(IntegerType.parseInteger(in, tag(), payload, Long.MIN_VALUE, Long.MAX_VALUE,
                "tagged BigInteger"));
    }

    @Override public Map<String, Object> jsonSchema() { return JsonSchemaFragments.type("integer"); }
}
