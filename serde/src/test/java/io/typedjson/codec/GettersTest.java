package io.typedjson.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.typedjson.codec.Fixtures.Sized;
import java.lang.invoke.MethodHandles;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/** Accessor methods are spun into classes by LambdaMetafactory; field getters fall back to method handles. */
class GettersTest {

    private static boolean spun(Object getter) {
        return getter.getClass().isHidden() && !getter.getClass().getName().startsWith(Getters.class.getName());
    }

    @Test
    void recordAccessorsAreSpunAndWidenTheirPrimitive() throws Exception {
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Sized.class, MethodHandles.lookup());
        Sized v = new Sized((short) -3, (byte) 1, 2L, 4, 1.5f, 'x', true);
        Object s = Getters.of(lookup, lookup.unreflect(Sized.class.getMethod("s")), ObjectCodec.SHORT);
        Object c = Getters.of(lookup, lookup.unreflect(Sized.class.getMethod("c")), ObjectCodec.CHAR);
        Object f = Getters.of(lookup, lookup.unreflect(Sized.class.getMethod("f")), ObjectCodec.FLOAT);
        assertTrue(spun(s) && spun(c) && spun(f), s.getClass().getName());
        assertEquals(-3, ((ToIntFunction<Object>) s).applyAsInt(v));
        assertEquals('x', ((ToIntFunction<Object>) c).applyAsInt(v));
        assertEquals(1.5, ((ToDoubleFunction<Object>) f).applyAsDouble(v));
    }

    @Test
    void fieldGettersFallBackToMethodHandles() throws Exception {
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(Fixtures.Customer.class, MethodHandles.lookup());
        Object visits = Getters.of(lookup, lookup.unreflectGetter(Fixtures.Customer.class.getDeclaredField("visits")),
                ObjectCodec.INT);
        assertFalse(spun(visits));
        assertEquals(3, ((ToIntFunction<Object>) visits).applyAsInt(new Fixtures.Customer(1, "a", 3, null)));
    }
}
