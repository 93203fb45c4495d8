namespace Contacts;

public enum Channel { Email, Phone, Post }

public record Contact(string Name, string Email)
{
    public string? Phone { get; init; }

    public Channel Preferred { get; init; } = Channel.Email;

    public string Describe() => Preferred switch
    {
        Channel.Phone when Phone is not null => $"{Name} ({Phone})",
        _ => $"{Name} <{Email}>",
    };
}
