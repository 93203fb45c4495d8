"""The class-level split (RepoClassBench's method): whole top-level classes of a real
repository, described in natural language and judged by the repository's own tests
(Python with pytest, Java with JUnit 4/5, C# with NUnit 2.6), run in the sandbox."""
