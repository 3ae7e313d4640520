package io.typedjson.examples.spring.migration;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A record class as a team has it before the migration: Jackson and typedjson each carry it by its own rules. */
public record Shipment(long id, short priority, int count, BigDecimal amount, Instant at, LocalDate day, double ratio,
                       float weight, boolean express, String note, List<String> tags, Map<String, Integer> counts,
                       Optional<String> tracking, Status status, Address to, Long parent) {

    public enum Status { NEW, SENT }

    public record Address(String street, String city) {}
}
