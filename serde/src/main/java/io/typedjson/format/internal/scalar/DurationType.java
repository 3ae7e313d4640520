package io.typedjson.format.internal.scalar;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.internal.ReadErrors;
import java.time.Duration;

/**
 * {@code Duration}: exactly {@code Duration.toString()}, ISO-8601's {@code PTnHnMnS} with hours unbounded and no
 * days ({@code PT0S}, {@code PT8H6M12.345S}, {@code PT-0.5S}); tagged {@code ~P} in the dynamic model; its text as a
 * map key. Read back strictly by one parser: {@code Duration.parse}, then the value must print as the text read, so
 * {@code PT1H0M}, {@code PT60M}, {@code P1D}, {@code pt1s} or {@code PT1.50S} are refused as second spellings, naming
 * the one spelling; a text {@code Duration.parse} does not read (or beyond its range) is malformed.
 */
final class DurationType extends ScalarType {
    /** The tag of the dynamic model: {@code "~PPT1.5S"}. */
    static final char TAG = 'P';

    DurationType() { super(Duration.class, TAG, true, true, "duration", "a duration", PATTERN); }

    // ---- the canonical forms as a pattern: one sign for all parts; minutes 1-59; seconds 0-59 with 1 to 9
    // fraction digits without trailing zeros; a zero part left out, but PT0S for zero; and within the range of
    // Duration (seconds in int64): at the largest hour count, 2562047788015215, at most 30 minutes and 7.999999999
    // seconds above it (8 seconds below it, without a fraction)
    private static final String FRACTION = "\\.[0-9]{0,8}[1-9]";
    private static final String MAX_HOURS = "2562047788015215";
    /** 1 to MAX_HOURS - 1, no leading zero. */
    private static final String HOURS = "(?!0)" + JsonSchemaFragments.integerRange(0, Long.parseLong(MAX_HOURS) - 1);
    private static final String MINUTES = "(?:[1-5][0-9]|[1-9])M";
    private static final String MINUTES_BELOW_30 = "(?:[12][0-9]|[1-9])M";

    /** 1 to {@code max} seconds with any fraction, or a fraction alone. */
    private static String seconds(String sign, String max) {
        return "(?:" + sign + max + "(?:" + FRACTION + ")?|" + sign + "0" + FRACTION + ")S";
    }

    private static String signed(String sign) {
        String s = seconds(sign, "(?:[1-5][0-9]|[1-9])");
        // at MAX_HOURS and 30 minutes: up to 7.999999999 seconds; below zero 8 seconds too, without a fraction
        String lastSeconds = sign.isEmpty() ? seconds("", "[1-7]") : "(?:-8S|" + seconds("-", "[1-7]") + ")";
        return sign + HOURS + "H(?:" + sign + MINUTES + ")?(?:" + s + ")?"
                + "|" + sign + MAX_HOURS + "H(?:" + sign + MINUTES_BELOW_30 + "(?:" + s + ")?|" + sign + "30M(?:"
                + lastSeconds + ")?|" + s + ")?"
                + "|" + sign + MINUTES + "(?:" + s + ")?|" + s;
    }

    /** The canonical texts (the JSON Schema's pattern; the reader compares with toString() instead). */
    static final String PATTERN = "(?:PT0S|PT(?:" + signed("") + ")|PT(?:" + signed("-") + "))";
    /** Far longer than any text of a Duration in any of Duration.parse's spellings: refused unread. */
    private static final int MAX_LENGTH = 64;

    @Override
    public Object read(JsonReader in) {
        if (in.currentToken() != JsonToken.VALUE_STRING) {
            throw ReadErrors.error(in, ReadErrors.describe(in) + " where a duration belongs");
        }
        String s = in.getText();
        Duration d = parseOrNull(s);
        if (d == null) {
            throw ReadErrors.error(in, "malformed duration " + ReadErrors.quote(s) + " (" + FORM + ")");
        }
        String canonical = d.toString();
        if (!canonical.equals(s)) {
            throw ReadErrors.error(in, "non-canonical duration " + ReadErrors.quote(s) + " (the one spelling of this value is "
                    + ReadErrors.quote(canonical) + ")");
        }
        return d;
    }

    private static final String FORM = "Duration.toString()'s PTnHnMnS, e.g. \"PT8H6M12.345S\"";

    /** The value of a text Duration.parse reads (canonical or not), else null (out-of-range values included). */
    private static Duration parseOrNull(String s) {
        if (s.length() > MAX_LENGTH) {
            return null;
        }
        try {
            return Duration.parse(s);
        } catch (RuntimeException e) { // beyond the range of seconds in int64
            return null;
        }
    }

    @Override
    public Object parseKey(String s) {
        Duration d = parseOrNull(s);
        if (d == null) {
            throw new IllegalArgumentException(s);
        }
        return d;
    }

    @Override
    public Object parseTagged(JsonReader in, String payload) {
        Duration d = parseOrNull(payload);
        if (d == null) {
            throw ReadErrors.error(in, "malformed ~" + TAG + " payload " + ReadErrors.quote(payload) + " (" + FORM + ")");
        }
        String canonical = d.toString();
        if (!canonical.equals(payload)) {
            throw nonCanonical(in, payload, canonical);
        }
        return d;
    }
}
