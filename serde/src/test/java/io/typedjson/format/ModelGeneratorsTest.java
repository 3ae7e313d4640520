package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The model's generators reach what the round-trip properties claim to try. */
class ModelGeneratorsTest {

    @Test
    void theDeepEdgeCasesAreExactlyAtTheDepthLimit() {
        List<Object> deep = ModelGenerators.deep().edges(new SplittableRandom(1));
        assertEquals(5, deep.size());
        for (Object v : deep) {
            TypedJson.write(v);
            List<Object> deeper = new ArrayList<>();
            deeper.add(v);
            TypedJsonException e = assertThrows(TypedJsonException.class, () -> TypedJson.write(deeper));
            assertTrue(e.getMessage().contains("nesting depth 501 exceeds the limit of 500"), e.getMessage());
        }
    }

    @Test
    void everyScalarTypeOfTheModelIsGenerated() {
        SplittableRandom random = new SplittableRandom(2);
        Set<String> classes = ModelGenerators.scalars().edges(random).stream()
                .map(v -> v == null ? "null" : v.getClass().getSimpleName()).collect(Collectors.toSet());
        assertEquals(Set.of("null", "Boolean", "Byte", "Short", "Integer", "Long", "BigInteger", "Float", "Double", "BigDecimal",
                "String", "byte[]", "Instant", "LocalDate", "LocalTime", "LocalDateTime", "OffsetDateTime", "UUID", "Duration"), classes);
    }
}
