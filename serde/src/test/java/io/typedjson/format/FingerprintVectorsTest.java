package io.typedjson.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * spec/vectors/reference.json: the fingerprints of schema location reference (SPEC.md section 11), computed by gen.py
 * with Python's hashlib and checked by the TypeScript and Python clients, recomputed here by the Java writer's own
 * {@link ConnectEnvelope#fingerprint}, so the three implementations agree on every notation, non-ASCII ones included.
 */
class FingerprintVectorsTest {
    @Test
    void everyNotationHasTheVectorsFingerprint() throws Exception {
        List<Object> vectors = VectorsAccess.load("reference.json");
        assertFalse(vectors.isEmpty());
        for (Object o : vectors) {
            Map<?, ?> v = (Map<?, ?>) o;
            byte[] fingerprint = ConnectEnvelope.fingerprint((String) v.get("notation"));
            assertEquals(ConnectEnvelope.FINGERPRINT_LENGTH, fingerprint.length);
            assertEquals(v.get("fingerprint_hex"), ConnectEnvelope.hex(fingerprint), (String) v.get("name"));
        }
    }
}
