package io.typedjson.examples;

import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One broker ({@link OneBroker#start()}) for the broker tests of a JVM (Failsafe runs a module's in one) that only
 * produce to and consume from it, each on topics, groups and connectors of its own names: a class annotated
 * {@code @ExtendWith(SharedBroker.class)} takes it as a {@link KafkaClusterTestKit} parameter of its
 * {@code @BeforeAll} method. Started by the first class that asks; closed by JUnit when the run ends (the root
 * context's store closes what it holds), before the JVM exits. Not in a shutdown hook: Kafka's test kit deletes the
 * broker's directory in a shutdown hook of its own, and a broker whose log directory goes away while it runs halts the
 * JVM with status 1, after every test passed (seen in CI: Failsafe's "Error occurred in starting fork"). Starting
 * and closing a broker is much of what such a test class costs. A test that stops or restarts its broker keeps its
 * own.
 */
public final class SharedBroker implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == KafkaClusterTestKit.class;
    }

    @Override
    public KafkaClusterTestKit resolveParameter(ParameterContext parameter, ExtensionContext context) {
        // the root context's store lives for the whole run and closes its AutoCloseable values at the end of it
        return context.getRoot().getStore(ExtensionContext.Namespace.create(SharedBroker.class))
                .getOrComputeIfAbsent(KafkaClusterTestKit.class, key -> {
                    try {
                        return OneBroker.start();
                    } catch (Exception e) {
                        throw new IllegalStateException("the shared broker did not start", e);
                    }
                }, KafkaClusterTestKit.class);
    }
}
