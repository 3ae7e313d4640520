package io.typedjson.format;

import io.typedjson.format.internal.Readers;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.io.ContentReference;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.json.DupDetector;
import com.fasterxml.jackson.core.json.JsonReadContext;
import com.fasterxml.jackson.core.json.UTF8StreamJsonParser;
import com.fasterxml.jackson.core.sym.ByteQuadsCanonicalizer;
import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * Turns values into typed JSON documents and back through a {@link Codec}, within {@link Limits}.
 *
 * <p>One instance is shared by every thread of an application: it holds only the jackson-core factory,
 * and each thread reuses its own output buffer. A document is one JSON value in UTF-8 with nothing after it.
 */
public final class TypedJsonFormat {

    private static final TypedJsonFormat DEFAULT = new TypedJsonFormat(Limits.DEFAULT);


    private final Factory factory;
    private final Limits limits;
    /**
     * Each thread's output buffer and a generator kept open over it: creating a generator per document costs
     * about a fifth of writing a small record. The document handed out is always a fresh copy.
     */
    private final ThreadLocal<Writer> writers = ThreadLocal.withInitial(() -> new Writer(this));

    public TypedJsonFormat(Limits limits) {
        this.limits = limits;
        this.factory = new Factory(new JsonFactoryBuilder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(limits.maxDepth())
                        .maxNumberLength(limits.maxNumberLength())
                        .maxStringLength(limits.maxStringLength())
                        .maxNameLength(limits.maxStringLength())
                        .maxDocumentLength(limits.maxDocumentLength())
                        .build())
                .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(limits.maxDepth()).build())
                // supplementary characters (emoji) as 4 UTF-8 bytes, not as a 12-byte \\uD83D\\uDE00 escape pair
                .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8));
    }

    /** The format with {@link Limits#DEFAULT}. */
    public static TypedJsonFormat defaults() {
        return DEFAULT;
    }

    public Limits limits() {
        return limits;
    }

    /** The configured jackson-core factory, for codecs that stream into a caller's generator. */
    public JsonFactory factory() {
        return factory;
    }

    /**
     * Writes {@code value} as one document. Nothing is returned, and no partial output escapes, when the
     * value cannot be carried exactly: the {@link TypedJsonException} names the path of the offending value.
     */
    public <T> byte[] write(Codec<T> codec, T value) {
        Writer w = writers.get();
        if (w.busy) {
            w = new Writer(this); // a codec that writes a whole document while writing one
        }
        w.busy = true;
        boolean done = false;
        try {
            w.out.reset();
            codec.write(w.generator, value);
            w.generator.flush();
            done = true;
            return w.out.toByteArray();
        } catch (TypedJsonException e) {
            throw e;
        } catch (JsonProcessingException e) {
            throw new TypedJsonException(e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the output is in memory: cannot happen
        } finally {
            if (!done) {
                w.generator = w.newGenerator(); // a failed write leaves the generator inside the value
            }
            w.busy = false;
        }
    }

    public <T> T read(Codec<T> codec, byte[] document) {
        return read(codec, document, 0, document.length);
    }

    /**
     * Reads one document. Throws {@link TypedJsonException} with the JSON path and byte offset for anything
     * that is not a valid document of the codec's type: malformed JSON or UTF-8, a limit exceeded, an unknown
     * tag, a value of the wrong type or out of range, duplicate keys, trailing content.
     */
    public <T> T read(Codec<T> codec, byte[] document, int offset, int length) {
        if (length > limits.maxDocumentLength()) {
            throw new TypedJsonException("document of " + length + " bytes exceeds the limit of "
                    + limits.maxDocumentLength() + " bytes (" + Limits.DOCUMENT_BYTES_PROPERTY + ")");
        }
        checkEncoding(document, offset, length);
        JsonParser p = null;
        boolean done = false;
        try {
            p = factory.parserFor(document, offset, length);
            if (p.nextToken() == null) {
                throw Readers.error(p, "empty document");
            }
            T value = codec.read(p);
            if (p.nextToken() != null) {
                throw Readers.error(p, "trailing content after the document's value: " + Readers.describe(p));
            }
            done = true;
            return value;
        } catch (TypedJsonException e) {
            throw e;
        } catch (JsonProcessingException e) {
            throw Readers.error(p, e, document, offset, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the input is in memory: cannot happen
        } finally {
            if (p != null) {
                factory.release(p, done);
            }
        }
    }

    /**
     * A document is UTF-8 (SPEC.md section 1). jackson-core would detect and decode UTF-16 and UTF-32 and skip a
     * UTF-8 byte order mark; both show in the first four bytes: a byte order mark, or a NUL byte, which UTF-8 JSON
     * text never holds raw.
     */
    private static void checkEncoding(byte[] document, int offset, int length) {
        if (length == 0) {
            return;
        }
        int first = document[offset] & 0xFF;
        if (first == 0xEF && length >= 3 && (document[offset + 1] & 0xFF) == 0xBB && (document[offset + 2] & 0xFF) == 0xBF) {
            throw new TypedJsonException("byte order mark EF BB BF before the document (a document is UTF-8 without one)")
                    .at(new java.util.ArrayDeque<>(), 0);
        }
        if (first == 0xFE || first == 0xFF) {
            throw new TypedJsonException(String.format("byte %02X where a document starts: UTF-16 or UTF-32 text"
                    + " (a document is UTF-8, without a byte order mark)", first)).at(new java.util.ArrayDeque<>(), 0);
        }
        for (int i = 0; i < Math.min(4, length); i++) {
            if (document[offset + i] == 0) {
                throw new TypedJsonException("NUL byte 00 in the first bytes of the document: UTF-16 or UTF-32 text"
                        + " (a document is UTF-8, where NUL is written as the escape \\u0000)").at(new java.util.ArrayDeque<>(), i);
            }
        }
    }

    /**
     * jackson-core's factory with a parser for input already known to be UTF-8 without a byte order mark (see
     * {@link #checkEncoding}): it skips the bootstrapper that detects the encoding, about a tenth of reading a small
     * record. Everything else, {@link #createParser} included, is jackson-core's own.
     */
    private static final class Factory extends JsonFactory {
        private static final long serialVersionUID = 1L;

        Factory(JsonFactoryBuilder builder) {
            super(builder);
        }

        /**
         * Each thread's parse buffers, held here rather than looked up in jackson-core's pool for every document. A
         * parser takes its buffers out of the recycler and puts them back on close, so a nested read is safe.
         */
        private final transient ThreadLocal<BufferRecycler> readBuffers = ThreadLocal.withInitial(BufferRecycler::new);

        /**
         * Each thread's parser, reset for every document instead of built anew (building one and closing it was a
         * tenth of reading a small record). A parser that failed, is in use (a document read while reading one), or
         * has learned many new names is not reused.
         */
        private final transient ThreadLocal<ReusedParser[]> parsers = ThreadLocal.withInitial(() -> new ReusedParser[1]);

        JsonParser parserFor(byte[] document, int offset, int length) throws IOException {
            if (!ReusedParser.FITS_JACKSON_CORE) {
                _checkRangeBoundsForByteArray(document, offset, length);
                IOContext context = new IOContext(_streamReadConstraints, _streamWriteConstraints,
                        _errorReportConfiguration, readBuffers.get(), ContentReference.redacted(), false);
                context.setEncoding(JsonEncoding.UTF8);
                return new UTF8StreamJsonParser(context, _parserFeatures, null, _objectCodec,
                        _byteSymbolCanonicalizer.makeChild(_factoryFeatures), document, offset, offset + length, 0, false);
            }
            ReusedParser[] slot = parsers.get();
            ReusedParser p = slot[0];
            if (p == null) {
                _checkRangeBoundsForByteArray(document, offset, length);
                IOContext context = new IOContext(_streamReadConstraints, _streamWriteConstraints, _errorReportConfiguration,
                        readBuffers.get(), ContentReference.redacted(), false);
                context.setEncoding(JsonEncoding.UTF8);
                p = new ReusedParser(context, _parserFeatures, _objectCodec, _byteSymbolCanonicalizer.makeChild(_factoryFeatures));
            } else {
                slot[0] = null; // in use: a nested read builds its own
                _checkRangeBoundsForByteArray(document, offset, length);
            }
            p.reset(document, offset, length);
            return p;
        }

        /** After a document: the thread keeps its parser for the next one, or closes it (see {@link #parsers}). */
        void release(JsonParser parser, boolean completed) {
            ReusedParser[] slot = parsers.get();
            if (parser instanceof ReusedParser p && completed && slot[0] == null && p.learnedNames() <= MAX_LEARNED_NAMES) {
                p.endDocument();
                slot[0] = p;
                return;
            }
            try {
                parser.close(); // gives back its buffers and merges the names it learned into the factory's table
            } catch (IOException ignored) {
                // in-memory input
            }
        }
    }

    /** How many names a reused parser may add to its symbol table before it is closed and replaced. */
    private static final int MAX_LEARNED_NAMES = 256;

    /**
     * jackson-core's UTF-8 parser over byte arrays, set back to the state its constructor leaves for each document.
     * Its content reference is redacted, as jackson-core's locations are without INCLUDE_SOURCE_IN_LOCATION, so no
     * document is kept alive by it.
     */
    private static final class ReusedParser extends UTF8StreamJsonParser {
        /**
         * {@link #reset} sets the fields jackson-core 2.23's constructor sets; with another minor version (whose
         * parser may have more state) every document gets a parser of its own, as jackson-core intends.
         */
        static final boolean FITS_JACKSON_CORE = com.fasterxml.jackson.core.json.PackageVersion.VERSION.getMajorVersion() == 2
                && com.fasterxml.jackson.core.json.PackageVersion.VERSION.getMinorVersion() == 23;
        private static final byte[] NO_INPUT = new byte[0];
        private final int initialNames;

        ReusedParser(IOContext context, int features, com.fasterxml.jackson.core.ObjectCodec codec, ByteQuadsCanonicalizer symbols) {
            super(context, features, null, codec, symbols, NO_INPUT, 0, 0, 0, false);
            this.initialNames = symbols.size();
        }

        /** What the constructor sets for a document in {@code document[offset, offset + length)}. */
        void reset(byte[] document, int offset, int length) {
            _inputBuffer = document;
            _inputPtr = offset;
            _inputEnd = offset + length;
            _currInputProcessed = -offset;
            _currInputRow = 1;
            _currInputRowStart = offset;
            _tokenInputTotal = 0;
            _tokenInputRow = 1;
            _tokenInputCol = 0;
            _parsingContext = JsonReadContext.createRootContext(
                    Feature.STRICT_DUPLICATE_DETECTION.enabledIn(_features) ? DupDetector.rootDetector(this) : null);
            _currToken = null;
            _nextToken = null;
            _lastClearedToken = null;
            _tokenCount = 0;
            _tokenIncomplete = false;
            _closed = false;
            _nameCopied = false;
            _binaryValue = null;
            _numTypesValid = NR_UNKNOWN;
            _numberString = null;
            _numberBigInt = null;
            _numberBigDecimal = null;
        }

        /** Drops the document and gives the text buffer back to the thread's recycler, as close() does. */
        void endDocument() {
            _inputBuffer = NO_INPUT;
            _inputPtr = 0;
            _inputEnd = 0;
            _textBuffer.releaseBuffers();
        }

        int learnedNames() {
            return _symbols.size() - initialNames;
        }
    }

    /** One thread's output buffer and the generator that writes into it. */
    private static final class Writer {
        final TypedJsonFormat format;
        final Output out = new Output();
        JsonGenerator generator;
        boolean busy;

        Writer(TypedJsonFormat format) {
            this.format = format;
            this.generator = newGenerator();
        }

        JsonGenerator newGenerator() {
            try {
                JsonGenerator g = format.factory.createGenerator(out);
                g.setRootValueSeparator(null); // documents follow each other in one generator, with nothing between
                return g;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A growable byte buffer that is reset, not reallocated, between documents. */
    static final class Output extends OutputStream {
        private static final int MAX_RETAINED = 1 << 20;
        private byte[] buf = new byte[1024];
        private int size;

        void reset() {
            size = 0;
            if (buf.length > MAX_RETAINED) {
                buf = new byte[1024]; // do not keep one huge document's buffer alive per thread
            }
        }

        @Override
        public void write(int b) {
            ensure(size + 1);
            buf[size++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            ensure(size + len);
            System.arraycopy(b, off, buf, size, len);
            size += len;
        }

        private void ensure(int capacity) {
            if (capacity > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(capacity, buf.length * 2));
            }
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buf, size);
        }
    }
}
