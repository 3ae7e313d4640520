package io.typedjson.format.internal;

import io.typedjson.format.JsonReader;
import io.typedjson.format.JsonToken;
import io.typedjson.format.TypedJsonException;

/** Building reader errors: the path and the offset come from the reader's position. */
public final class ReadErrors {
    private ReadErrors() {}

    /** An error at the parser's current token, with its JSON path and byte offset. */
    public static TypedJsonException error(JsonReader in, String reason) {
        return in.error(reason);
    }

    /** An error at the parser's current path about a value that started at {@code offset} (a composite's first token). */
    public static TypedJsonException error(JsonReader in, String reason, long offset) {
        return in.error(reason, offset);
    }

    /** An error at the current token caused by {@code cause} (a constructor or setter that threw). */
    public static TypedJsonException error(JsonReader in, String reason, Throwable cause) {
        return in.error(reason, cause);
    }

    /**
     * A Java type's simple name with its article, as a message names it: "an Instant", "a Number", "a UUID" (an
     * initial vowel letter takes "an", but an initial U only before a lower-case letter).
     */
    public static String aType(Class<?> type) {
        String name = type.getSimpleName();
        char c = name.isEmpty() ? 'x' : name.charAt(0);
        boolean vowel = "AEIOaeio".indexOf(c) >= 0
                || (c == 'U' || c == 'u') && name.length() > 1 && Character.isLowerCase(name.charAt(1));
        return (vowel ? "an " : "a ") + name;
    }

    /** Refuses anything but {@code token} at the parser's current token: "{@code number 1} where {@code what} belongs". */
    public static void expect(JsonReader in, JsonToken token, String what) {
        if (in.currentToken() != token) {
            throw error(in, describe(in) + " where " + what + " belongs");
        }
    }

    /** The byte offset of the current token when it starts a composite value, else -1 (the current token is the value). */
    public static long compositeStart(JsonReader in) {
        JsonToken t = in.currentToken();
        return t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY ? in.tokenOffset() : -1;
    }

    /** The byte offset where the current token starts. */
    public static long offset(JsonReader in) {
        return in.tokenOffset();
    }

    /** A short description of the current token for messages: {@code string "abc"}, {@code number 1.5}, {@code an object}. */
    public static String describe(JsonReader in) {
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
            case END_OBJECT: return "'}'";
            default: return "']'";
        }
    }

    public static String abbreviate(JsonReader in, int max) {
        String text = in.getText();
        String cut = text.length() > max ? text.substring(0, max) + "...(" + text.length() + " chars)" : text;
        return in.currentToken() == JsonToken.VALUE_NUMBER_INT || in.currentToken() == JsonToken.VALUE_NUMBER_FLOAT
                ? cut : quote(cut);
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
}
