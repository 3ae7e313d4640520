package io.typedjson.format.internal;

import io.typedjson.format.Limits;
import io.typedjson.format.TypedJsonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Building reader errors: the path comes from the parser's own context, the offset from the current token. */
public final class Readers {
    private Readers() {}

    /** An error at the parser's current token, with its JSON path and byte offset. */
    public static TypedJsonException error(JsonParser in, String reason) {
        return new TypedJsonException(reason).at(path(in, true), offset(in));
    }

    /** An error at the parser's current path about a value that started at {@code offset} (a composite's first token). */
    public static TypedJsonException error(JsonParser in, String reason, long offset) {
        return new TypedJsonException(reason).at(path(in, true), offset);
    }

    /** Refuses anything but {@code token} at the parser's current token: "{@code number 1} where {@code what} belongs". */
    public static void expect(JsonParser in, JsonToken token, String what) {
        if (in.currentToken() != token) {
            throw error(in, describe(in) + " where " + what + " belongs");
        }
    }

    /** The byte offset of the current token when it starts a composite value, else -1 (the current token is the value). */
    public static long compositeStart(JsonParser in) {
        JsonToken t = in.currentToken();
        return t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY ? offset(in) : -1;
    }

    /** An error caused by {@code cause} (e.g. jackson-core's own parse error) at the parser's current position. */
    public static TypedJsonException error(JsonParser in, String reason, Throwable cause) {
        return new TypedJsonException(reason, cause).at(path(in, true), offset(in));
    }

    /**
     * jackson-core's own error (malformed JSON or UTF-8, a limit exceeded) with our path and the byte offset where
     * the offending character or token starts. jackson-core reports where its input pointer stood, which is one
     * byte or one character late for some errors; {@code document} is the input, to find the first byte.
     */
    public static TypedJsonException error(JsonParser in, JsonProcessingException cause, byte[] document, int start, int length) {
        String message = withoutSource(cause.getOriginalMessage());
        long reported = cause.getLocation() != null ? cause.getLocation().getByteOffset() : -1;
        long offset = reported >= 0 ? start + reported : -1;
        if (cause instanceof StreamConstraintsException) {
            message = describeLimit(cause.getOriginalMessage());
            // jackson-core gives no location: a container one too deep has just been opened; a number or string
            // too long is the token being read
            offset = message.startsWith("nesting depth") ? start + in.currentLocation().getByteOffset() - 1 : -1;
        } else if (offset >= 0) {
            offset = firstByte(message, document, start, (int) Math.min(offset, start + length), start + length);
        }
        // jackson-core fails while moving past the current token, so the path is the one of the next value
        return new TypedJsonException(message, cause)
                .at(path(in, false), offset >= 0 ? offset - start : offset(in));
    }

    private static final Pattern CHARACTER_CODE = Pattern.compile("code (\\d+)");
    private static final Pattern NAMED_BYTE = Pattern.compile("(?:start|lead) byte 0x([0-9a-fA-F]{2})");
    private static final Pattern TOKEN = Pattern.compile("^Non-standard token '([^']*)'");

    /**
     * The first byte of what jackson-core's message is about, given the offset it reported ({@code at}, absolute):
     * the character with the code the message names (reported at its last byte, or one past it), the invalid
     * UTF-8 byte it names (reported one past it), the start of a token it names or of a number it refuses.
     */
    static int firstByte(String message, byte[] doc, int start, int at, int end) {
        Matcher code = CHARACTER_CODE.matcher(message);
        if (code.find()) {
            int wanted = Integer.parseInt(code.group(1));
            for (int candidate = at; candidate >= Math.max(start, at - 4); candidate--) {
                if (candidate < end && isLeadByte(doc[candidate]) && codePointAt(doc, candidate, end) == wanted) {
                    return candidate;
                }
            }
            return at;
        }
        if (message.startsWith("Invalid UTF-8")) {
            Matcher b = NAMED_BYTE.matcher(message);
            if (b.find()) { // a stray byte, or the lead byte of a sequence that is not allowed
                byte wanted = (byte) Integer.parseInt(b.group(1), 16);
                for (int candidate = Math.min(at, end - 1); candidate >= Math.max(start, at - 4); candidate--) {
                    if (doc[candidate] == wanted) {
                        return candidate;
                    }
                }
            }
            // a sequence cut short or overlong: the offending character starts at its lead byte
            for (int candidate = Math.min(at, end - 1); candidate >= Math.max(start, at - 4); candidate--) {
                if ((doc[candidate] & 0xC0) == 0xC0) {
                    return candidate;
                }
            }
            return Math.max(start, at - 1);
        }
        Matcher token = TOKEN.matcher(message);
        if (token.find()) {
            return Math.max(start, at - token.group(1).getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
        }
        if (message.startsWith("Invalid numeric value")) {
            int i = Math.min(at, end - 1);
            while (i > start && isNumberByte(doc[i - 1])) {
                i--;
            }
            return i;
        }
        return at;
    }

    private static boolean isNumberByte(byte b) {
        return (b >= '0' && b <= '9') || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E';
    }

    private static boolean isLeadByte(byte b) {
        return (b & 0xC0) != 0x80;
    }

    /** The code point of the (valid) UTF-8 sequence at {@code i}, or -1. */
    private static int codePointAt(byte[] doc, int i, int end) {
        int b = doc[i] & 0xFF;
        int n = b < 0x80 ? 0 : b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : -1;
        if (n == 0) {
            return b;
        }
        if (n < 0 || i + n >= end) {
            return -1;
        }
        int cp = b & (0x3F >> n);
        for (int k = 1; k <= n; k++) {
            cp = (cp << 6) | (doc[i + k] & 0x3F);
        }
        return cp;
    }

    private static String withoutSource(String message) {
        return message.replaceAll("\\[Source: .*?; line", "[line");
    }

    public static long offset(JsonParser in) {
        long offset = in.currentTokenLocation().getByteOffset();
        return offset >= 0 ? offset : in.currentLocation().getByteOffset();
    }

    private static Deque<String> path(JsonParser in, boolean keyIsTheProblem) {
        Deque<String> segments = new ArrayDeque<>();
        boolean onKey = keyIsTheProblem && in.currentToken() == JsonToken.FIELD_NAME;
        JsonStreamContext start = in.getParsingContext();
        if (in.currentToken() == JsonToken.START_ARRAY || in.currentToken() == JsonToken.START_OBJECT) {
            start = start.getParent(); // on a container's first token the context is already the container's own
        }
        for (JsonStreamContext ctx = start; ctx != null && !ctx.inRoot(); ctx = ctx.getParent()) {
            if (ctx.inArray()) {
                segments.addFirst("[" + Math.max(ctx.getCurrentIndex(), 0) + "]");
            } else if (ctx.getCurrentName() != null) {
                segments.addFirst(pathSegment(ctx.getCurrentName()));
            }
        }
        if (onKey) {
            // the problem is the key itself: the path names the object, the offset the key
            segments.pollLast();
        }
        return segments;
    }

    /** A short description of the current token for messages: {@code string "abc"}, {@code number 1.5}, {@code an object}. */
    public static String describe(JsonParser in) {
        JsonToken t = in.currentToken();
        if (t == null) {
            return "end of document";
        }
        switch (t) {
            case VALUE_STRING: return "string " + abbreviate(in, 40);
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT: return "number " + abbreviate(in, 40);
            case VALUE_TRUE: return "true";
            case VALUE_FALSE: return "false";
            case VALUE_NULL: return "null";
            case START_OBJECT: return "an object";
            case START_ARRAY: return "an array";
            case FIELD_NAME: return "key " + abbreviate(in, 40);
            default: return t.asString() == null ? t.name() : t.asString();
        }
    }

    static String abbreviate(JsonParser in, int max) {
        try {
            String text = in.getText();
            String cut = text.length() > max ? text.substring(0, max) + "...(" + text.length() + " chars)" : text;
            return in.currentToken() == JsonToken.VALUE_NUMBER_INT || in.currentToken() == JsonToken.VALUE_NUMBER_FLOAT
                    ? cut : quote(cut);
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    public static String quote(String s) {
        String cut = s.length() > 60 ? s.substring(0, 60) + "..." : s;
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < cut.length(); i++) {
            char c = cut.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    /** The path segment of an object key: {@code .name} for an ASCII identifier, else {@code ["key"]}. */
    public static String pathSegment(String key) {
        if (isIdentifier(key)) {
            return "." + key;
        }
        StringBuilder sb = new StringBuilder("[\"");
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c < 0x20 ? '?' : c);
        }
        return sb.append("\"]").toString();
    }

    /** {@code [A-Za-z_$][A-Za-z0-9_$]*}: ASCII only, so that a path is spelled the same in every language (SPEC.md 8). */
    private static boolean isIdentifier(String key) {
        if (key.isEmpty() || !isIdentifierChar(key.charAt(0)) || (key.charAt(0) >= '0' && key.charAt(0) <= '9')) {
            return false;
        }
        for (int i = 1; i < key.length(); i++) {
            if (!isIdentifierChar(key.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isIdentifierChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
    }

    private static final java.util.regex.Pattern CONSTRAINT =
            java.util.regex.Pattern.compile("\\((\\d+)\\) exceeds the maximum allowed \\((\\d+), from `Stream(?:Read|Write)Constraints\\.getMax(\\w+)\\(\\)`");

    /**
     * jackson-core's message for a limit exceeded ({@code StreamReadConstraints}, which a user cannot set) in the
     * words of typedjson's own limits, naming the property that raises it.
     */
    public static String describeLimit(String jacksonMessage) {
        java.util.regex.Matcher m = CONSTRAINT.matcher(jacksonMessage == null ? "" : jacksonMessage);
        if (!m.find()) {
            return jacksonMessage;
        }
        String actual = m.group(1);
        String max = m.group(2);
        switch (m.group(3)) {
            case "NestingDepth":
                return "nesting depth " + actual + " exceeds the limit of " + max + " (" + Limits.DEPTH_PROPERTY + ")";
            case "NumberLength":
                return "number of " + actual + " digits exceeds the limit of " + max + " (" + Limits.NUMBER_LENGTH_PROPERTY + ")";
            case "StringLength":
                return "string of " + actual + " UTF-16 units exceeds the limit of " + max + " (" + Limits.STRING_LENGTH_PROPERTY + ")";
            case "NameLength":
                return "key of " + actual + " UTF-16 units exceeds the limit of " + max + " (" + Limits.STRING_LENGTH_PROPERTY + ")";
            case "DocumentLength":
                return "document of " + actual + " bytes exceeds the limit of " + max + " (" + Limits.DOCUMENT_BYTES_PROPERTY + ")";
            default:
                return jacksonMessage;
        }
    }
}
