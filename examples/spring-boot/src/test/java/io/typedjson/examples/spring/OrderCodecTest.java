package io.typedjson.examples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.typedjson.codec.CodecKind;
import io.typedjson.codec.Codecs;
import org.junit.jupiter.api.Test;

/** The application's record travels on the codec typedjson-processor wrote for it at compile time. */
class OrderCodecTest {

    @Test
    void theOrderCodecIsTheOneWrittenAtCompileTime() {
        assertEquals(CodecKind.COMPILED, Codecs.kindOf(Codecs.of(Order.class)));
    }
}
