/*
 * A long-lived javac for crossfile-datasets: one JVM per repository, one compilation per request.
 *
 * Why it exists: starting a JVM and loading javac costs ~0.7 s, more than checking one stubbed
 * file. This program stays alive, reads one JSON request per line on stdin, compiles in-process
 * through javax.tools.JavaCompiler and answers one JSON line on stdout.
 *
 * Request: {"target": "/abs/path/X.java", "text": "...",          the checked file (in memory)
 *           or "units": [{"target", "text"}, ...]                   several checked files, one compilation
 *           "sourcepath": ["/abs/root", ...], "classpath": [...],
 *           "overrides": {"/abs/path/Y.java": "...", ...},         sourcepath files replaced in memory
 *           "hidden": ["/abs/path/module-info.java", ...],          sourcepath files made invisible
 *           "options": ["-Xmaxerrs", "100000", ...],
 *           "scope": "target" | "all",                              attribute only the target's classes?
 *           "references": true}                                     also list what the target's names resolve to
 * Answer:  {"ok": true, "parse_errors": n, "millis": n, "scoped": bool,
 *           "cpu_millis": n, "diagnostics": [{"file", "kind", "code", "message", "line", "javac_column",
 *                                             "position", "start", "end"}],
 *           "references": [{"name", "position", "kind", "owner", "file", "line"}]}   (when asked;
 *                                  with "units": "unit_references": [{"file", "references"}, ...])
 *                                              "references_error" instead when the scan overflowed)
 *       or {"ok": false, "error": "..."} when javac itself failed on this request.
 *
 * Request: {"op": "check_classpath", "classpath": ["/abs/a.jar", ...]}
 * Answer:  {"ok": true, "unreadable": [{"path", "error"}]}: the entries the JVM cannot open as a
 *          zip file (javac reports "error reading" such a jar and then fails in enter() with an
 *          internal NullPointerException on every compilation: the caller leaves them off).
 *
 * Positions are javac's: "position"/"start"/"end" are UTF-16 offsets into the file's text,
 * "line" is 1-based. "javac_column" is javax.tools' own column, which expands tabs to multiples
 * of 8 and counts UTF-16 units: it matches no character index, so the caller derives columns
 * from "position" instead. Nothing is written to disk: sources come from memory or the
 * sourcepath, and only attribution runs (no class files are generated).
 */

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipFile;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParameterizedTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;

public final class CrossfileJavac {
    private static final JavaCompiler COMPILER = ToolProvider.getSystemJavaCompiler();
    // CPU time of the compiling thread: comparable across runs on a loaded machine, unlike wall time
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        // stdout carries the protocol only: anything javac or a plugin prints goes to stderr
        System.setOut(System.err);
        // The standard file manager caches the platform classes (the expensive part): share it.
        StandardJavaFileManager standard = COMPILER.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            String answer;
            boolean fatal = false;
            try {
                answer = handle(CrossfileJson.parse(line), standard);
            } catch (VirtualMachineError e) {
                answer = failure(e);
                fatal = true; // the JVM may be in a bad state (out of memory): let the caller restart it
            } catch (Throwable e) {
                answer = failure(e);
            }
            protocol.print(answer);
            protocol.print('\n');
            protocol.flush();
            if (fatal) {
                System.exit(3);
            }
        }
    }

    private static String failure(Throwable e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ok", Boolean.FALSE);
        out.put("error", e.getClass().getName() + ": " + e.getMessage());
        return CrossfileJson.write(out);
    }

    @SuppressWarnings("unchecked")
    private static String handle(Object request, StandardJavaFileManager standard) throws Exception {
        Map<String, Object> req = (Map<String, Object>) request;
        if ("ping".equals(req.get("op"))) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("ok", Boolean.TRUE);
            out.put("java", System.getProperty("java.version"));
            return CrossfileJson.write(out);
        }
        if ("check_classpath".equals(req.get("op"))) {
            return checkClasspath(paths(req.get("classpath")));
        }
        long start = System.nanoTime();
        long cpuStart = THREADS.getCurrentThreadCpuTime();
        // One target ("target", "text") or several ("units": [{"target", "text"}, ...]), all
        // checked in one compilation: the sourcepath is read once for all of them.
        Map<Path, String> targets = new LinkedHashMap<>();
        Object rawUnits = req.get("units");
        if (rawUnits != null) {
            for (Object o : (List<Object>) rawUnits) {
                Map<String, Object> unit = (Map<String, Object>) o;
                targets.put(Paths.get((String) unit.get("target")).toAbsolutePath().normalize(), (String) unit.get("text"));
            }
        } else {
            targets.put(Paths.get((String) req.get("target")).toAbsolutePath().normalize(), (String) req.get("text"));
        }
        standard.setLocationFromPaths(StandardLocation.SOURCE_PATH, paths(req.get("sourcepath")));
        standard.setLocationFromPaths(StandardLocation.CLASS_PATH, paths(req.get("classpath")));

        Map<Path, String> overrides = new HashMap<>();
        Object rawOverrides = req.get("overrides");
        if (rawOverrides != null) {
            for (Map.Entry<String, Object> e : ((Map<String, Object>) rawOverrides).entrySet()) {
                overrides.put(Paths.get(e.getKey()).toAbsolutePath().normalize(), (String) e.getValue());
            }
        }
        Set<Path> hidden = new HashSet<>(paths(req.get("hidden")));
        hidden.addAll(targets.keySet()); // targets come from memory; their files on the sourcepath must not compete

        List<String> options = new ArrayList<>();
        Object rawOptions = req.get("options");
        if (rawOptions != null) {
            for (Object o : (List<Object>) rawOptions) {
                options.add((String) o);
            }
        }
        OverlayFileManager manager = new OverlayFileManager(standard, overrides, hidden);
        DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
        List<JavaFileObject> inputs = new ArrayList<>();
        for (Map.Entry<Path, String> e : targets.entrySet()) {
            inputs.add(new MemorySource(e.getKey().toUri(), e.getValue()));
        }
        JavacTask task = (JavacTask) COMPILER.getTask(null, manager, collector, options, null, inputs);
        task.setLocale(Locale.ROOT);

        Iterable<? extends CompilationUnitTree> units = task.parse();
        int parseErrors = 0;
        for (Diagnostic<? extends JavaFileObject> d : collector.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                parseErrors++;
            }
        }
        boolean scoped = false;
        if (parseErrors == 0) {
            scoped = "target".equals(req.get("scope")) && analyzeOnlyTarget(task);
            if (!scoped) {
                task.analyze();
            }
        }

        List<Object> diagnostics = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : collector.getDiagnostics()) {
            Map<String, Object> item = new LinkedHashMap<>();
            JavaFileObject source = d.getSource();
            item.put("file", source == null ? "" : sourcePath(source));
            item.put("kind", d.getKind().name());
            item.put("code", d.getCode());
            item.put("message", d.getMessage(Locale.ROOT));
            item.put("line", d.getLineNumber());
            item.put("javac_column", d.getColumnNumber()); // 1-based, tabs expanded to 8: informative only
            item.put("position", d.getPosition());
            item.put("start", d.getStartPosition());
            item.put("end", d.getEndPosition());
            diagnostics.add(item);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ok", Boolean.TRUE);
        out.put("parse_errors", parseErrors);
        out.put("scoped", scoped);
        out.put("millis", (System.nanoTime() - start) / 1_000_000);
        out.put("cpu_millis", (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1_000_000);
        out.put("diagnostics", diagnostics);
        if (parseErrors == 0 && Boolean.TRUE.equals(req.get("references"))) {
            Trees trees = Trees.instance(task);
            if (rawUnits == null) {
                List<Object> references = new ArrayList<>();
                try {
                    for (CompilationUnitTree unit : units) {
                        new References(trees, task.getElements(), unit, references).scan(unit, null);
                    }
                    out.put("references", references);
                } catch (StackOverflowError e) {
                    // a tree javac attributed but too deep for the scan: keep the diagnostics
                    out.put("references_error", "StackOverflowError");
                }
            } else {
                // per unit, so that one unit too deep for the scan costs only its own references
                List<Object> perUnit = new ArrayList<>();
                for (CompilationUnitTree unit : units) {
                    Map<String, Object> item = new LinkedHashMap<>();
                    item.put("file", sourcePath(unit.getSourceFile()));
                    List<Object> references = new ArrayList<>();
                    try {
                        new References(trees, task.getElements(), unit, references).scan(unit, null);
                        item.put("references", references);
                    } catch (StackOverflowError e) {
                        item.put("references_error", "StackOverflowError");
                    }
                    perUnit.add(item);
                }
                out.put("unit_references", perUnit);
            }
        }
        return CrossfileJson.write(out);
    }

    /**
     * What the names of an attributed file resolve to, as javac itself resolved them: every
     * field, method or enum constant reached by a simple name, a member select or a method
     * reference, and every class instantiated with {@code new}, whose declaration is in a source
     * file (not a class file). This finds the uses that stubbing cannot reveal: members reached
     * through a field or a return value whose type the file never names
     * ({@code strm.istate.getHeader().getName()}), no-argument constructors, enum constants in
     * switch labels, overrides of JDK methods. Types are listed too, wherever a written name
     * resolves to a project type ({@code extends Base}, {@code Foo x}, {@code List<Foo>}, casts,
     * {@code Foo.bar()}'s {@code Foo}, annotations), import statements aside: a stubbed class keeps
     * its name, so no stub round reveals a type used as a type (type-only recall 0.133 on
     * j256/simplemagic, held-out 14).
     */
    static final class References extends TreePathScanner<Void, Void> {
        // null checks of libraries that return their argument (Guava's Preconditions/Verify,
        // commons-lang's Validate): with the library absent the call, and so the receiver, is erroneous
        private static final Set<String> NULL_CHECKS = Set.of("checkNotNull", "verifyNotNull", "notNull");

        private final Trees trees;
        private final CompilationUnitTree unit;
        private final SourcePositions positions;
        private final List<Object> out;
        private final Map<Element, String> files = new HashMap<>(); // top-level type -> its source file
        private final Set<Long> reported = new HashSet<>(); // `new Foo()`: its CONSTRUCTOR, not also a TYPE

        private final Elements elements;

        References(Trees trees, Elements elements, CompilationUnitTree unit, List<Object> out) {
            this.trees = trees;
            this.elements = elements;
            this.unit = unit;
            this.positions = trees.getSourcePositions();
            this.out = out;
        }

        private static boolean isMember(Element e) {
            ElementKind k = e.getKind();
            return k == ElementKind.FIELD || k == ElementKind.METHOD || k == ElementKind.ENUM_CONSTANT;
        }

        private String sourceOf(TypeElement type) {
            Element top = type;
            while (top.getEnclosingElement() != null && !(top.getEnclosingElement() instanceof PackageElement)) {
                top = top.getEnclosingElement();
            }
            if (files.containsKey(top)) {
                return files.get(top);
            }
            String file = null;
            TreePath path = trees.getPath(top); // null for types read from class files
            if (path != null && path.getCompilationUnit().getSourceFile() != null) {
                file = sourcePath(path.getCompilationUnit().getSourceFile());
            }
            files.put(top, file);
            return file;
        }

        private static boolean isType(Element e) {
            ElementKind k = e.getKind();
            return k.isClass() || k.isInterface();
        }

        private void report(String name, long position, String kind, TypeElement owner, Element declared) {
            if (position < 0 || owner == null || !reported.add(position)) {
                return;
            }
            String file = sourceOf(owner);
            if (file == null) {
                return;
            }
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("name", name);
            item.put("position", position);
            item.put("kind", kind);
            item.put("owner", owner.getQualifiedName().toString());
            item.put("file", file);
            long line = declarationLine(declared);
            if (line > 0) {
                item.put("line", line); // tells overloads of one name apart
            }
            out.add(item);
        }

        /** 1-based line where the declaration of {@code e} starts in its source file, or 0. */
        private long declarationLine(Element e) {
            if (e == null) {
                return 0;
            }
            TreePath path = trees.getPath(e);
            if (path == null) {
                return 0;
            }
            CompilationUnitTree declUnit = path.getCompilationUnit();
            long start = positions.getStartPosition(declUnit, path.getLeaf());
            return start < 0 || declUnit.getLineMap() == null ? 0 : declUnit.getLineMap().getLineNumber(start);
        }

        private void member(Element e, String name, long position) {
            // an enum's values()/valueOf(String) are made by the compiler (no declaration in any
            // file: not a use of the project's code)
            if (e != null && e.getKind() == ElementKind.METHOD && e.getEnclosingElement() != null
                    && e.getEnclosingElement().getKind() == ElementKind.ENUM && trees.getPath(e) == null) {
                return;
            }
            if (e != null && isMember(e) && e.getEnclosingElement() instanceof TypeElement) {
                report(name, position, e.getKind().name(), (TypeElement) e.getEnclosingElement(), e);
            } else if (e instanceof TypeElement && isType(e) && name.equals(e.getSimpleName().toString())) {
                report(name, position, "TYPE", (TypeElement) e, e);
            }
        }

        @Override
        public Void visitImport(ImportTree node, Void unused) {
            return null; // import statements are not uses
        }

        @Override
        public Void visitIdentifier(IdentifierTree node, Void unused) {
            String name = node.getName().toString();
            long start = positions.getStartPosition(unit, node);
            // an implicit name has no text of its own (`value` of @Named("x")): not a written use
            boolean written = positions.getEndPosition(unit, node) - start == name.length();
            if (written && !name.equals("this") && !name.equals("super")) {
                member(trees.getElement(getCurrentPath()), name, start);
            }
            return super.visitIdentifier(node, unused);
        }

        @Override
        public Void visitMemberSelect(MemberSelectTree node, Void unused) {
            String name = node.getIdentifier().toString();
            long end = positions.getEndPosition(unit, node); // the name is the last token
            // `Foo.class` and `Outer.this` select javac's synthetic members, no declaration
            if (!name.equals("class") && !name.equals("this") && !name.equals("super")) {
                Element checked = throughNullCheck(node, name); // else javac's own (an error symbol there)
                member(checked != null ? checked : trees.getElement(getCurrentPath()), name,
                        end < 0 ? -1 : end - name.length());
            }
            return super.visitMemberSelect(node, unused);
        }

        /**
         * The member {@code name} of the argument's type when the receiver is an unresolved call
         * of a null check that returns its argument ({@code checkNotNull(attempt, "...").hasException()}
         * with Guava absent: the receiver is erroneous and javac gives the member no element;
         * rholder/guava-retrying, held-out 19). One declaring type only, else null.
         */
        private Element throughNullCheck(MemberSelectTree node, String name) {
            ExpressionTree receiver = node.getExpression();
            if (!(receiver instanceof MethodInvocationTree)) {
                return null;
            }
            MethodInvocationTree call = (MethodInvocationTree) receiver;
            ExpressionTree select = call.getMethodSelect();
            String callee = select instanceof MemberSelectTree ? ((MemberSelectTree) select).getIdentifier().toString()
                    : select instanceof IdentifierTree ? ((IdentifierTree) select).getName().toString() : "";
            if (!NULL_CHECKS.contains(callee) || call.getArguments().isEmpty()) {
                return null;
            }
            TreePath callPath = new TreePath(getCurrentPath(), call);
            TypeMirror called = trees.getTypeMirror(callPath);
            if (called != null && called.getKind() != TypeKind.ERROR) {
                return null; // javac typed the call itself
            }
            TypeMirror argument = trees.getTypeMirror(new TreePath(callPath, call.getArguments().get(0)));
            if (argument == null || argument.getKind() != TypeKind.DECLARED) {
                return null;
            }
            TypeElement type = (TypeElement) ((DeclaredType) argument).asElement();
            Element found = null;
            for (Element m : elements.getAllMembers(type)) {
                if (isMember(m) && m.getSimpleName().contentEquals(name)) {
                    if (found != null && !found.getEnclosingElement().equals(m.getEnclosingElement())) {
                        return null;
                    }
                    found = found == null ? m : found;
                }
            }
            return found;
        }

        @Override
        public Void visitMemberReference(MemberReferenceTree node, Void unused) {
            String name = node.getName().toString();
            long end = positions.getEndPosition(unit, node);
            if (!name.equals("<init>")) {
                member(trees.getElement(getCurrentPath()), name, end < 0 ? -1 : end - name.length());
            }
            return super.visitMemberReference(node, unused);
        }

        @Override
        public Void visitNewClass(NewClassTree node, Void unused) {
            Tree type = node.getIdentifier();
            if (type instanceof ParameterizedTypeTree) {
                type = ((ParameterizedTypeTree) type).getType();
            }
            Element e = trees.getElement(new TreePath(getCurrentPath(), type));
            if (e instanceof TypeElement) {
                String name = e.getSimpleName().toString();
                long end = positions.getEndPosition(unit, type);
                report(name, end < 0 ? -1 : end - name.length(), "CONSTRUCTOR", (TypeElement) e, e);
            }
            return super.visitNewClass(node, unused);
        }
    }

    /**
     * Attribute only the classes of the checked file. JavacTaskImpl.enter() and
     * analyze(Iterable) do that, but they are not public API (their package is exported only with
     * --add-exports); without them every source file javac loads from the sourcepath is attributed
     * too, which gives the same diagnostics for the target but is slower. Returns false when the
     * methods are not accessible, before anything was run.
     */
    private static boolean analyzeOnlyTarget(JavacTask task) throws Exception {
        Method enter;
        Method analyze;
        try {
            enter = task.getClass().getMethod("enter");
            analyze = task.getClass().getMethod("analyze", Iterable.class);
            enter.setAccessible(true);
            analyze.setAccessible(true);
        } catch (NoSuchMethodException | RuntimeException e) {
            return false; // not javac's JavacTaskImpl, or its package is not exported to us
        }
        try {
            Object entered = enter.invoke(task);
            analyze.invoke(task, entered);
            return true;
        } catch (IllegalAccessException e) {
            return false;
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception) {
                throw (Exception) cause;
            }
            throw (Error) cause;
        }
    }

    /** The classpath files that java.util.zip cannot open, each with the reason it gives. */
    private static String checkClasspath(List<Path> classpath) {
        List<Object> unreadable = new ArrayList<>();
        for (Path path : classpath) {
            if (!Files.isRegularFile(path)) {
                continue; // a folder of class files, or absent: javac skips it without an error
            }
            try (ZipFile zip = new ZipFile(path.toFile())) {
                zip.stream().forEach(entry -> { }); // every central directory entry is read
            } catch (IOException | RuntimeException e) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("path", path.toString());
                item.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
                unreadable.add(item);
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ok", Boolean.TRUE);
        out.put("unreadable", unreadable);
        return CrossfileJson.write(out);
    }

    private static String sourcePath(JavaFileObject source) {
        URI uri = source.toUri();
        if ("file".equals(uri.getScheme())) {
            return Paths.get(uri).toString();
        }
        return uri.toString();
    }

    @SuppressWarnings("unchecked")
    private static List<Path> paths(Object raw) {
        List<Path> out = new ArrayList<>();
        if (raw != null) {
            for (Object o : (List<Object>) raw) {
                out.add(Paths.get((String) o).toAbsolutePath().normalize());
            }
        }
        return out;
    }

    /** A source file whose text lives in memory, named like the file it stands for. */
    static final class MemorySource extends SimpleJavaFileObject {
        private final String text;
        final JavaFileObject original; // the sourcepath file it replaces (null for the target)

        MemorySource(URI uri, String text) {
            this(uri, text, null);
        }

        MemorySource(URI uri, String text, JavaFileObject original) {
            super(uri, Kind.SOURCE);
            this.text = text;
            this.original = original;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    /** Serves overridden sourcepath files from memory and hides others (module-info, the target). */
    static final class OverlayFileManager extends ForwardingJavaFileManager<StandardJavaFileManager> {
        private final Map<Path, String> overrides;
        private final Set<Path> hidden;

        OverlayFileManager(StandardJavaFileManager standard, Map<Path, String> overrides, Set<Path> hidden) {
            super(standard);
            this.overrides = overrides;
            this.hidden = hidden;
        }

        private Path pathOf(JavaFileObject file) {
            URI uri = file.toUri();
            if (!"file".equals(uri.getScheme())) {
                return null;
            }
            return Paths.get(uri).toAbsolutePath().normalize();
        }

        @Override
        public Iterable<JavaFileObject> list(Location location, String packageName, Set<JavaFileObject.Kind> kinds,
                                             boolean recurse) throws IOException {
            Iterable<JavaFileObject> listed = super.list(location, packageName, kinds, recurse);
            if (location != StandardLocation.SOURCE_PATH) {
                return listed;
            }
            List<JavaFileObject> out = new ArrayList<>();
            for (JavaFileObject file : listed) {
                Path path = pathOf(file);
                if (path == null) {
                    out.add(file);
                } else if (hidden.contains(path)) {
                    continue;
                } else if (overrides.containsKey(path)) {
                    out.add(new MemorySource(file.toUri(), overrides.get(path), file));
                } else if (path.getFileName().toString().equals("module-info.java")) {
                    continue; // a module descriptor would switch javac into module mode
                } else {
                    out.add(file);
                }
            }
            return out;
        }

        @Override
        public JavaFileObject getJavaFileForInput(Location location, String className, JavaFileObject.Kind kind)
                throws IOException {
            if (location == StandardLocation.SOURCE_PATH && "module-info".equals(className)) {
                return null; // checked as plain (unnamed-module) code: a module needs its whole graph
            }
            return super.getJavaFileForInput(location, className, kind);
        }

        @Override
        public String inferBinaryName(Location location, JavaFileObject file) {
            if (file instanceof MemorySource) {
                MemorySource memory = (MemorySource) file;
                if (memory.original != null) {
                    return super.inferBinaryName(location, memory.original);
                }
                String name = Paths.get(file.toUri()).getFileName().toString();
                return name.substring(0, name.length() - ".java".length());
            }
            return super.inferBinaryName(location, file);
        }

        @Override
        public boolean isSameFile(FileObject a, FileObject b) {
            if (a instanceof MemorySource || b instanceof MemorySource) {
                return a.toUri().equals(b.toUri());
            }
            return super.isSameFile(a, b);
        }

        @Override
        public boolean contains(Location location, FileObject file) throws IOException {
            if (file instanceof MemorySource) {
                MemorySource memory = (MemorySource) file;
                return memory.original != null && super.contains(location, memory.original);
            }
            return super.contains(location, file);
        }
    }
}
