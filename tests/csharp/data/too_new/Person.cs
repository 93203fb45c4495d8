namespace People;

public record Person(string Name, int Age);

public class Directory
{
    public string? Nickname { get; init; }
    public int Kind(object o) => o switch { int i => i, _ => 0 };
}
