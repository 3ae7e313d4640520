package io.typedjson.codec;

import static io.typedjson.codec.Fixtures.read;
import static io.typedjson.codec.Fixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Fixtures.Box;
import io.typedjson.codec.Fixtures.Circle;
import io.typedjson.codec.Fixtures.Color;
import io.typedjson.codec.Fixtures.Nothing;
import io.typedjson.codec.Fixtures.Point;
import io.typedjson.codec.Fixtures.Shape;
import io.typedjson.codec.Fixtures.Square;
import io.typedjson.format.Codec;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every supported field type: its typed spelling, the value round trip (arrays by content) and the document
 * round trip (byte-identical), alone and as the field of a generic record.
 */
class FieldTypeRoundTripTest {

    static Stream<Arguments> cases() {
        Map<String, Integer> stringMap = new LinkedHashMap<>();
        stringMap.put("~k", 1);
        stringMap.put("", null);
        Map<Integer, String> intMap = new LinkedHashMap<>();
        intMap.put(-1, "a");
        intMap.put(2, "~b");
        Map<Point, List<Long>> pointMap = new LinkedHashMap<>();
        pointMap.put(new Point(1, 2), List.of(3L));
        Map<Double, Boolean> doubleMap = new LinkedHashMap<>();
        doubleMap.put(1.5, true);
        doubleMap.put(Double.NaN, false);
        doubleMap.put(-0.0, null);
        return Stream.of(
                // primitives (a primitive class uses its box's codec at the top level) and boxes
                c(boolean.class, true, "true"),
                c(Boolean.class, false, "false"),
                c(byte.class, (byte) -128, "-128"),
                c(Byte.class, (byte) 127, "127"),
                c(short.class, (short) -32768, "-32768"),
                c(Short.class, (short) 32767, "32767"),
                c(int.class, Integer.MIN_VALUE, "-2147483648"),
                c(Integer.class, 42, "42"),
                c(long.class, Long.MAX_VALUE, "9223372036854775807"),
                c(Long.class, -9007199254740993L, "-9007199254740993"),
                c(float.class, 1.5f, "1.5"),
                c(Float.class, 0.1f, "0.1"),
                c(Float.class, Float.NaN, "\"NaN\""),
                c(double.class, 0.1, "0.1"),
                c(Double.class, -0.0, "-0.0"),
                c(Double.class, 1e300, "1.0E300"),
                c(Double.class, Double.NEGATIVE_INFINITY, "\"-Infinity\""),
                c(double.class, 2.0, "2.0"),
                c(char.class, 'x', "\"x\""),
                c(Character.class, '~', "\"~~\""),
                c(Integer.class, null, "null"),
                // the other scalars of the model, untagged
                c(String.class, "plain", "\"plain\""),
                c(String.class, "~tilde", "\"~~tilde\""),
                c(String.class, "emoji \uD83D\uDE00 \"q\"", "\"emoji \uD83D\uDE00 \\\"q\\\"\""),
                c(BigDecimal.class, new BigDecimal("1.10"), "1.10"),
                c(BigDecimal.class, new BigDecimal("1E+3"), "1E+3"),
                c(BigInteger.class, new BigInteger("123456789012345678901234567890"), "123456789012345678901234567890"),
                c(BigInteger.class, BigInteger.ONE, "1"),
                c(byte[].class, new byte[] {1, 2, 3, -1}, "\"AQID/w==\""),
                c(Instant.class, Instant.parse("1969-12-31T23:59:59.999999999Z"), "\"1969-12-31T23:59:59.999999999Z\""),
                c(LocalDate.class, LocalDate.of(2024, 1, 31), "\"2024-01-31\""),
                c(LocalTime.class, LocalTime.of(10, 15, 30, 1000), "\"10:15:30.000001\""),
                c(LocalDateTime.class, LocalDateTime.of(2024, 1, 1, 0, 0), "\"2024-01-01T00:00\""),
                c(OffsetDateTime.class, OffsetDateTime.parse("2024-01-01T10:00+02:00"), "\"2024-01-01T10:00+02:00\""),
                c(UUID.class, UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), "\"123e4567-e89b-12d3-a456-426614174000\""),
                // enums, Optional
                c(Color.class, Color.RED, "\"RED\""),
                c(Color.class, Color.BLUE, "\"bleu\""),
                c(Types.parameterized(Optional.class, Integer.class), Optional.of(5), "5"),
                c(Types.parameterized(Optional.class, String.class), Optional.empty(), "null"),
                // arrays
                c(int[].class, new int[] {1, -2}, "[1,-2]"),
                c(long[].class, new long[] {Long.MIN_VALUE}, "[-9223372036854775808]"),
                c(short[].class, new short[] {1, 2}, "[1,2]"),
                c(double[].class, new double[] {1.0, Double.NaN}, "[1.0,\"NaN\"]"),
                c(float[].class, new float[] {0.1f}, "[0.1]"),
                c(boolean[].class, new boolean[] {true, false}, "[true,false]"),
                c(char[].class, new char[] {'a', '~'}, "[\"a\",\"~~\"]"),
                c(String[].class, new String[] {"a", null}, "[\"a\",null]"),
                c(Point[].class, new Point[] {new Point(1, 2)}, "[{\"x\":1,\"y\":2}]"),
                c(byte[][].class, new byte[][] {{1}, {}}, "[\"AQ==\",\"\"]"),
                c(int[][].class, new int[][] {{1}, {}}, "[[1],[]]"),
                // collections with generic element types
                c(Types.parameterized(List.class, Integer.class), List.of(1, 2), "[1,2]"),
                c(Types.parameterized(List.class, Short.class), Arrays.asList((short) 1, null), "[1,null]"),
                c(Types.parameterized(Collection.class, Float.class), List.of(1.5f), "[1.5]"),
                c(Types.parameterized(Set.class, String.class), new LinkedHashSet<>(List.of("b", "a")), "[\"b\",\"a\"]"),
                c(Types.parameterized(SortedSet.class, Instant.class), new TreeSet<>(List.of(Instant.EPOCH)), "[\"1970-01-01T00:00:00Z\"]"),
                c(Types.parameterized(List.class, Object.class), Arrays.asList(1, 2L, "x", null), "[\"~i1\",2,\"x\",null]"),
                c(Types.parameterized(List.class, Types.parameterized(List.class, BigDecimal.class)),
                        List.of(List.of(new BigDecimal("0.00"))), "[[0.00]]"),
                // maps: string keys, scalar keys as their typed spelling, composite keys as pairs
                c(Types.parameterized(Map.class, String.class, Integer.class), stringMap, "{\"~~k\":1,\"\":null}"),
                c(Types.parameterized(Map.class, Integer.class, String.class), intMap, "{\"-1\":\"a\",\"2\":\"~~b\"}"),
                c(Types.parameterized(Map.class, Double.class, Boolean.class), doubleMap, "{\"1.5\":true,\"NaN\":false,\"-0.0\":null}"),
                c(Types.parameterized(SortedMap.class, LocalDate.class, Long.class), new TreeMap<>(Map.of(LocalDate.of(2024, 1, 1), 1L)),
                        "{\"2024-01-01\":1}"),
                c(Types.parameterized(Map.class, Color.class, Long.class), Map.of(Color.BLUE, 1L), "{\"bleu\":1}"),
                c(Types.parameterized(Map.class, UUID.class, Short.class), Map.of(new UUID(1, 2), (short) 3),
                        "{\"00000000-0000-0001-0000-000000000002\":3}"),
                c(Types.parameterized(Map.class, Point.class, Types.parameterized(List.class, Long.class)), pointMap,
                        "[{\"x\":1,\"y\":2},[3]]"),
                c(Types.parameterized(Map.class, String.class, Object.class), Map.of("a", (short) 1), "{\"a\":\"~s1\"}"),
                // open types: the dynamic model
                c(Object.class, 5, "\"~i5\""),
                c(Object.class, Map.of("k", List.of(1L)), "{\"k\":[1]}"),
                c(Number.class, new BigDecimal("2.50"), "\"~d2.50\""),
                c(Number.class, 7L, "7"),
                // nested classes and sealed variants
                c(Point.class, new Point(-1, 0), "{\"x\":-1,\"y\":0}"),
                c(Shape.class, new Circle(2.0), "{\"Circle\":{\"r\":2.0}}"),
                c(Shape.class, new Square(1, null), "{\"Sq\":{\"side\":1,\"color\":null}}"),
                c(Shape.class, new Nothing(), "{\"Nothing\":{}}"));
    }

    private static Arguments c(Type type, Object value, String document) {
        return Arguments.of(type.getTypeName(), type, value, document);
    }

    @ParameterizedTest(name = "{0} {3}")
    @MethodSource("cases")
    void alone(String name, Type type, Object value, String document) {
        Codec<Object> codec = Codecs.of(type);
        assertEquals(document, write(codec, value));
        assertTrue(Objects.deepEquals(value, read(codec, document)), () -> "read back " + read(codec, document));
        assertEquals(document, write(codec, read(codec, document)));
    }

    @ParameterizedTest(name = "{0} {3}")
    @MethodSource("cases")
    void asAField(String name, Type type, Object value, String document) {
        // a type argument cannot be primitive: primitive fields are in ClassDocumentTest and ClassPropertyTest
        Type boxed = type instanceof Class && ((Class<?>) type).isPrimitive() ? boxOf((Class<?>) type) : type;
        Codec<Box<Object>> codec = Codecs.of(Types.parameterized(Box.class, boxed));
        String wrapped = "{\"value\":" + document + "}";
        assertEquals(wrapped, write(codec, new Box<>(value)));
        Object back = read(codec, wrapped).value();
        assertTrue(Objects.deepEquals(value, back), () -> "read back " + back);
        assertEquals(wrapped, write(codec, read(codec, wrapped)));
    }

    private static Class<?> boxOf(Class<?> primitive) {
        return java.lang.invoke.MethodType.methodType(primitive).wrap().returnType();
    }
}
