package io.typedjson.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import java.util.ArrayDeque;
import java.util.Deque;

/** Building reader errors: the path comes from the parser's own context, the offset from the current token. */
public final class Readers {
    private Readers() {}

    /** An error at the parser's current token, with its JSON path and byte offset. */
    public static TypedJsonException error(JsonParser in, String reason) {
        return new TypedJsonException(reason).at(path(in, true), offset(in));
    }

    /** An error caused by {@code cause} (e.g. jackson-core's own parse error) at the parser's current position. */
    public static TypedJsonException error(JsonParser in, String reason, Throwable cause) {
        return new TypedJsonException(reason, cause).at(path(in, true), offset(in));
    }

    /** jackson-core's own error (malformed JSON or UTF-8, a limit exceeded) with its offset and our path. */
    static TypedJsonException error(JsonParser in, JsonProcessingException cause) {
        long offset = cause.getLocation() != null ? cause.getLocation().getByteOffset() : -1;
        if (offset > 0 && cause.getOriginalMessage().startsWith("Invalid UTF-8")) {
            offset--; // jackson-core reports the position after the byte it could not decode: name the byte itself
        }
        // jackson-core fails while moving past the current token, so the path is the one of the next value
        return new TypedJsonException(withoutSource(cause.getOriginalMessage()), cause)
                .at(path(in, false), offset >= 0 ? offset : offset(in));
    }

    private static String withoutSource(String message) {
        return message.replaceAll("\\[Source: .*?; line", "[line");
    }

    static long offset(JsonParser in) {
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
                segments.addFirst(TypedJsonException.pathSegment(ctx.getCurrentName()));
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
}
