package io.typedjson.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks typedjson's annotation processor ({@code io.typedjson:typedjson-processor}) to write the codec of this record,
 * class, enum or sealed type, and of every type of the same compilation it reaches, as Java source at compile time
 * (docs/custom-codecs.md). {@code Codecs.of} then takes the generated codec: no reflection and no code generation at
 * run time, so it suits a GraalVM native image and a module that opens nothing.
 *
 * <p>Retained at run time only so that {@code Codecs} can say, when no generated codec is found for an annotated
 * class, that the processor did not run; the codecs themselves are found through {@link java.util.ServiceLoader}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TypedJson {}
