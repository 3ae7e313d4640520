package io.typedjson.bench.cluster;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;

/**
 * The child JVM of a {@link LocalKafka} broker and what it leaves behind: stopping it (SIGTERM, then SIGKILL),
 * its shutdown hook, its resident memory, the tail of its log and its temporary directory.
 */
final class BrokerProcesses {

    private BrokerProcesses() {}

    /** With {@code -Dtypedjson.kafka.keep=true} the temporary directory (data, configuration, log) is kept. */
    static boolean keep() {
        return Boolean.getBoolean("typedjson.kafka.keep");
    }

    static void stopProcess(Process process, Path dir) {
        try {
            if (process.isAlive()) {
                process.destroy();
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    destroy(process);
                }
            }
        } catch (InterruptedException e) {
            destroy(process);
            Thread.currentThread().interrupt();
        } finally {
            if (keep()) {
                System.err.println("typedjson: kept the broker's directory " + dir);
            } else {
                deleteRecursively(dir);
            }
        }
    }

    static void destroy(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs (or ran) anyway
        }
    }

    static String tail(Path file, int lines) {
        if (!Files.exists(file)) {
            return "(no log)";
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long len = raf.length();
            long from = Math.max(0, len - 64 * 1024);
            byte[] buf = new byte[(int) (len - from)];
            raf.seek(from);
            raf.readFully(buf);
            String[] all = new String(buf, StandardCharsets.UTF_8).split("\n");
            int start = Math.max(0, all.length - lines);
            return String.join("\n", java.util.Arrays.asList(all).subList(start, all.length));
        } catch (IOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    static void deleteRecursively(Path dir) {
        // the broker may still be removing files of deleted topics: missing files are fine, and a failed pass is retried
        for (int attempt = 0; attempt < 5 && dir != null && Files.exists(dir); attempt++) {
            try {
                Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        Files.deleteIfExists(file);
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException exc) {
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                        Files.deleteIfExists(d);
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    static void stopOnly(Process p) {
        try {
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                destroy(p);
            }
        } catch (InterruptedException e) {
            destroy(p);
            Thread.currentThread().interrupt();
        }
    }

    static void sleepQuietly(long millis) throws InterruptedIOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted");
        }
    }

    static long residentBytes(long pid) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone
        }
        return -1;
    }
}
