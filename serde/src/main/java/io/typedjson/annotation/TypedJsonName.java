package io.typedjson.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The name used in the document instead of the Java one: on a record component, field or bean getter it
 * renames the key; on a permitted subclass of a sealed type it names the variant; on an enum constant it
 * renames the constant.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.TYPE})
public @interface TypedJsonName {
    String value();
}
