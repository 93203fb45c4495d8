namespace Contacts;

public class AddressBook
{
    private readonly Dictionary<string, Contact> byEmail = new();

    public int Count => byEmail.Count;

    public Contact Add(string name, string email)
    {
        var contact = new Contact(name, email);
        byEmail[email.ToLowerInvariant()] = contact;
        return contact;
    }

    public Contact? Find(string email) => byEmail.GetValueOrDefault(email.ToLowerInvariant());

    public Contact Call(Contact contact, string phone) => contact with { Phone = phone, Preferred = Channel.Phone };

    public IEnumerable<string> Labels() => byEmail.Values.OrderBy(c => c.Name).Select(c => c.Describe());
}
