package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A writer refuses what it cannot carry exactly, names the path, and leaves no partial output behind. */
class WriterErrorsTest {

    @Test
    void unsupportedClassIsRefusedWithItsPath() {
        Map<String, Object> position = new LinkedHashMap<>();
        position.put("x", 1.5);
        position.put("y", Optional.of(2)); // not a type of the dynamic model
        List<Object> blocks = new ArrayList<>(List.of(Map.of(), Map.of(), Map.of()));
        blocks.add(Map.of("position", position));
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> TypedJson.write(Map.of("blocks", blocks)));
        assertEquals("$.blocks[3].position.y", e.path());
        assertTrue(e.getMessage().contains("java.util.Optional"), e.getMessage());
        assertEquals(-1, e.byteOffset());
    }

    @Test
    void keyThatIsNotAnIdentifierIsQuotedInThePath() {
        TypedJsonException e = assertThrows(TypedJsonException.class,
                () -> TypedJson.write(Map.of("a key", List.of(new Object()))));
        assertEquals("$[\"a key\"][0]", e.path());
    }

    @Test
    void nonStringMapKeysAreInThePathByPositionThroughTheFormatKey() {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1, "ok");
        m.put(2, new StringBuilder("no"));
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> TypedJson.write(m));
        assertEquals("$[\"~map\"][3]", e.path()); // SPEC.md 8: the second entry's value, through the format key
    }

    @Test
    void aSetElementIsInThePathThroughTheFormatKey() {
        Set<Object> set = new LinkedHashSet<>(List.of("ok", 2L));
        set.add(new StringBuilder("no"));
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> TypedJson.write(List.of(set)));
        assertEquals("$[0][\"~set\"][2]", e.path());
    }

    @Test
    void cyclicStructureIsRefusedNotAStackOverflow() {
        List<Object> cycle = new ArrayList<>();
        cycle.add(cycle);
        TypedJsonException e = assertThrows(TypedJsonException.class, () -> TypedJson.write(cycle));
        assertTrue(e.getMessage().contains("depth"), e.getMessage());
        assertTrue(e.path().startsWith("$[0][0][0]"), e.path());
    }

    @Test
    void loneSurrogateIsRefusedInValuesAndKeys() {
        TypedJsonException value = assertThrows(TypedJsonException.class, () -> TypedJson.write(List.of("ok", "a\uD800")));
        assertEquals("$[1]", value.path());
        assertTrue(value.getMessage().contains("lone surrogate U+D800"), value.getMessage());
        TypedJsonException key = assertThrows(TypedJsonException.class, () -> TypedJson.write(Map.of("\uDC00", 1L)));
        assertTrue(key.getMessage().contains("U+DC00"), key.getMessage());
    }

    @Test
    void aFailedWriteLeavesNothingForTheNextOne() {
        assertThrows(TypedJsonException.class, () -> TypedJson.write(List.of("partial", "output", new Object())));
        assertEquals("[\"next\"]", new String(TypedJson.write(List.of("next")), StandardCharsets.UTF_8));
    }

    @Test
    void supplementaryCharactersAreFourUtf8BytesNotEscapes() {
        byte[] doc = TypedJson.write("\uD83D\uDE00");
        assertEquals(6, doc.length, "quote, 4 bytes, quote");
        assertEquals("\uD83D\uDE00", TypedJson.read(doc));
    }
}
