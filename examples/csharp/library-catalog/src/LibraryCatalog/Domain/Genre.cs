namespace LibraryCatalog.Domain
{
    /// <summary>Shelving sections of the library.</summary>
    public enum Genre
    {
        Fiction,
        Mystery,
        Science,
        History,
        Children,
        Reference
    }
}
