package io.typedjson.fuzz;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The fuzz tests' judge of a document, independent of typedjson's reader: jackson-core's strict parser (a plain
 * {@code JsonFactory}, duplicate keys refused, the whole input one value) says whether it is JSON, and the
 * byte-level rules of SPEC.md section 1 (no byte order mark, no NUL, well-formed UTF-8, no lone surrogate) are
 * checked here. What is JSON is turned into a small tree so two documents can be compared up to JSON's freedom
 * (SPEC.md section 1.1).
 *
 * <p>Shared with the connect-converter's fuzz tests through serde's test jar (serde/pom.xml).
 */
public final class JsonOracle {
    private JsonOracle() {}

    /** jackson-core as it comes, but with its size limits out of the way: the judge is JSON's grammar, not a limit. */
    private static final JsonFactory STRICT = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(Integer.MAX_VALUE)
                    .maxNumberLength(Integer.MAX_VALUE).maxStringLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE).build())
            .build();

    /** A number token: its lexeme, and whether it is an integer lexeme (no fraction, no exponent). */
    public record Num(String lexeme, boolean integer) {}

    /**
     * The document as a tree of {@code LinkedHashMap} (keys unescaped, in document order), {@code ArrayList},
     * {@code String} (unescaped), {@link Num}, {@code Boolean} and {@code null}; or a reason why it is not a
     * document SPEC.md section 1 allows, as a {@link Refused}.
     */
    public static Object parse(byte[] document) {
        String bytes = byteRules(document);
        if (bytes != null) {
            return new Refused(bytes);
        }
        try (JsonParser p = STRICT.createParser(document)) {
            if (p.nextToken() == null) {
                return new Refused("jackson-core: no value");
            }
            Object tree = tree(p);
            JsonToken trailing = p.nextToken();
            return trailing == null ? tree : new Refused("jackson-core: " + trailing + " after the value");
        } catch (IOException e) {
            return new Refused("jackson-core: " + e.getMessage());
        } catch (Refused r) {
            return r;
        }
    }

    /** Why SPEC.md section 1 refuses a document, or null. */
    public static final class Refused extends RuntimeException {
        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private static String byteRules(byte[] d) {
        if (d.length >= 3 && (d[0] & 0xff) == 0xEF && (d[1] & 0xff) == 0xBB && (d[2] & 0xff) == 0xBF) {
            return "a UTF-8 byte order mark";
        }
        if (d.length > 0 && ((d[0] & 0xff) == 0xFE || (d[0] & 0xff) == 0xFF)) {
            return "a UTF-16 or UTF-32 byte order mark";
        }
        for (byte b : d) {
            if (b == 0) {
                return "a NUL byte";
            }
        }
        try {
            // the JDK's decoder follows RFC 3629: overlong forms, encoded surrogates and code points beyond U+10FFFF are errors
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(d));
        } catch (CharacterCodingException e) {
            return "ill-formed UTF-8";
        }
        return null;
    }

    private static Object tree(JsonParser p) throws IOException {
        switch (p.currentToken()) {
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(tree(p));
                }
                return list;
            }
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() != JsonToken.END_OBJECT) {
                    String key = text(p.currentName());
                    p.nextToken();
                    map.put(key, tree(p));
                }
                return map;
            }
            case VALUE_STRING: return text(p.getText());
            case VALUE_NUMBER_INT: return new Num(p.getText(), true);
            case VALUE_NUMBER_FLOAT: return new Num(p.getText(), false);
            case VALUE_TRUE: return Boolean.TRUE;
            case VALUE_FALSE: return Boolean.FALSE;
            case VALUE_NULL: return null;
            default: throw new IllegalStateException("token " + p.currentToken());
        }
    }

    /** A string or key with a surrogate that is not half of a pair (a {@code \uD800} escape) is refused (SPEC.md 1.2). */
    private static String text(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new Refused("a lone surrogate in a string or key");
            }
        }
        return s;
    }

    // ------------------------------------------------------------------ comparing documents

    /**
     * Null when {@code read} and {@code written} differ only by JSON's freedom as a dynamic position has it
     * (SPEC.md 1.1, section 6): the same structure, keys in the same order, the same strings and tags after
     * unescaping, an integer lexeme where there was one with the same value, a lexeme with a fraction or an exponent
     * where there was one with the same double. Else the path where they differ.
     */
    public static String dynamicDifference(Object read, Object written) {
        return difference("$", read, written, false);
    }

    /**
     * As {@link #dynamicDifference}, for typed positions (SPEC.md 5.2): objects are records or string-keyed maps,
     * so their keys may come in any order and a key absent from {@code read} may be written as null; a number may be
     * any lexeme of the same value, or one that rounds to the same float or double; a string may differ when both
     * are dates, times or UUIDs (the second spellings of 5.2, whose values the round trip compares).
     */
    public static String typedDifference(Object read, Object written) {
        return difference("$", read, written, true);
    }

    /** As {@link #typedDifference} for a record's object, whose fields named {@code dynamic} are dynamic positions. */
    public static String recordDifference(Object read, Object written, java.util.Set<String> dynamic) {
        if (!(read instanceof Map && written instanceof Map)) {
            return typedDifference(read, written);
        }
        Map<String, Object> r = new LinkedHashMap<>();
        Map<String, Object> w = new LinkedHashMap<>();
        ((Map<?, ?>) read).forEach((k, v) -> r.put((String) k, v));
        ((Map<?, ?>) written).forEach((k, v) -> w.put((String) k, v));
        for (String key : dynamic) {
            String d = difference("$." + key, r.remove(key), w.remove(key), false);
            if (d != null) {
                return d;
            }
        }
        return typedDifference(r, w);
    }

    private static final Pattern TIME_OR_UUID = Pattern.compile(
            "[+-]?\\d{4,}-\\d\\d-\\d\\d[Tt].*|\\d\\d:\\d\\d.*|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private static String difference(String path, Object r, Object w, boolean typed) {
        if (r instanceof Map && w instanceof Map) {
            Map<?, ?> rm = (Map<?, ?>) r;
            Map<?, ?> wm = (Map<?, ?>) w;
            if (!typed && !new ArrayList<>(rm.keySet()).equals(new ArrayList<>(wm.keySet()))) {
                return path + ": keys " + rm.keySet() + " written as " + wm.keySet();
            }
            for (Map.Entry<?, ?> e : wm.entrySet()) {
                String at = path + "[" + e.getKey() + "]";
                if (!rm.containsKey(e.getKey())) {
                    if (e.getValue() != null) {
                        return at + ": absent, written as " + e.getValue();
                    }
                    continue;
                }
                String d = difference(at, rm.get(e.getKey()), e.getValue(), typed);
                if (d != null) {
                    return d;
                }
            }
            return wm.keySet().containsAll(rm.keySet()) ? null : path + ": keys " + rm.keySet() + " written as " + wm.keySet();
        }
        if (r instanceof List && w instanceof List) {
            List<?> rl = (List<?>) r;
            List<?> wl = (List<?>) w;
            if (rl.size() != wl.size()) {
                return path + ": " + rl.size() + " elements written as " + wl.size();
            }
            for (int i = 0; i < rl.size(); i++) {
                String d = difference(path + "[" + i + "]", rl.get(i), wl.get(i), typed);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (r instanceof Num && w instanceof Num) {
            return sameNumber((Num) r, (Num) w, typed) ? null : path + ": " + ((Num) r).lexeme() + " written as " + ((Num) w).lexeme();
        }
        if (r instanceof String && w instanceof String && typed && !r.equals(w)
                && TIME_OR_UUID.matcher((String) r).matches() && TIME_OR_UUID.matcher((String) w).matches()) {
            return null;
        }
        return r == null ? (w == null ? null : path + ": null written as " + w)
                : r.equals(w) ? null : path + ": " + r + " written as " + w;
    }

    private static boolean sameDecimal(String a, String b) {
        try {
            return new BigDecimal(a).compareTo(new BigDecimal(b)) == 0;
        } catch (NumberFormatException e) { // an exponent beyond int: BigDecimal cannot hold it
            return false;
        }
    }

    private static boolean sameNumber(Num r, Num w, boolean typed) {
        if (!typed) {
            return r.integer() == w.integer() && (r.integer()
                    ? new BigInteger(r.lexeme()).equals(new BigInteger(w.lexeme()))
                    : Double.doubleToRawLongBits(Double.parseDouble(r.lexeme())) == Double.doubleToRawLongBits(Double.parseDouble(w.lexeme())));
        }
        // the declared type decides: integers and decimals keep the exact value, doubles and floats round once
        return sameDecimal(r.lexeme(), w.lexeme())
                || Double.doubleToRawLongBits(Double.parseDouble(r.lexeme())) == Double.doubleToRawLongBits(Double.parseDouble(w.lexeme()))
                || Float.floatToRawIntBits(Float.parseFloat(r.lexeme())) == Float.floatToRawIntBits(Float.parseFloat(w.lexeme()));
    }
}
